/** JSON Schema (2020-12) of the `graphql:` request: `$defs.graphql` of plan.schema.json. */
export const graphqlSchema: Record<string, unknown> = {
  "type": "object",
  "description": "A GraphQL request (an http POST of {query, variables, operationName}).",
  "properties": {
    "url": {
      "$ref": "#/$defs/template",
      "description": "Templated. Required."
    },
    "query": {
      "type": "string",
      "description": "The query, a literal parsed at load."
    },
    "queryFile": {
      "type": "string",
      "description": "A file holding the query, relative to the plan."
    },
    "variables": {
      "description": "Sent as variables. Strings are templated; numbers are sent as written."
    },
    "operationName": {
      "$ref": "#/$defs/template",
      "description": "Sent as operationName. Templated."
    },
    "headers": {
      "$ref": "#/$defs/headers"
    },
    "timeout": {
      "$ref": "#/$defs/duration"
    }
  },
  "additionalProperties": false
};
