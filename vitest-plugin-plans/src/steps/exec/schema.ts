/** JSON Schema (2020-12) of the `exec:` request: `$defs.exec` of plan.schema.json. */
export const execSchema: Record<string, unknown> = {
  "type": "object",
  "description": "Run a command (no shell).",
  "properties": {
    "command": {
      "$ref": "#/$defs/template",
      "description": "The program. Templated."
    },
    "args": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/scalarTemplate"
      }
    },
    "env": {
      "$ref": "#/$defs/headers",
      "description": "Extra environment variables; values templated."
    },
    "cwd": {
      "type": "string",
      "description": "Working directory relative to the plan."
    },
    "stdin": {
      "$ref": "#/$defs/template",
      "description": "Text written to stdin. Templated."
    },
    "timeout": {
      "$ref": "#/$defs/duration"
    }
  },
  "required": [
    "command"
  ],
  "additionalProperties": false
};
