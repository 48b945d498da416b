/** JSON Schema (2020-12) of the `script:` request: `$defs.script` of plan.schema.json. */
export const scriptSchema: Record<string, unknown> = {
  "type": "object",
  "description": "Run a script with a runtime.",
  "properties": {
    "runtime": {
      "type": "string",
      "description": "Runtime command: node, python3, …"
    },
    "file": {
      "type": "string",
      "description": "Script file relative to the plan."
    },
    "source": {
      "type": "string",
      "description": "Inline source instead of file."
    },
    "args": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/scalarTemplate"
      }
    },
    "timeout": {
      "$ref": "#/$defs/duration"
    }
  },
  "required": [
    "runtime"
  ],
  "additionalProperties": false
};
