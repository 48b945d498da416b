/** JSON Schema (2020-12) of the `sql:` request: `$defs.sql` of plan.schema.json. */
export const sqlSchema: Record<string, unknown> = {
  "type": "object",
  "description": "A query through a relational connection.",
  "properties": {
    "url": {
      "$ref": "#/$defs/template",
      "description": "postgres://…, mysql://… or sqlite:<path>. Templated."
    },
    "query": {
      "type": "string",
      "description": "Literal SQL with placeholders ($1 or ?)."
    },
    "params": {
      "type": "array",
      "description": "Placeholder values; strings templated."
    },
    "timeout": {
      "$ref": "#/$defs/duration"
    }
  },
  "required": [
    "url",
    "query"
  ],
  "additionalProperties": false
};
