/** JSON Schema (2020-12) of the `exec:` request: `$defs.exec` of plan.schema.json. */
import { MAX_OUTPUT_SCHEMA } from '../process/options.js';

export const execSchema: Record<string, unknown> = {
  "type": "object",
  "description": "Run a command (no shell).",
  "properties": {
    "command": {
      "$ref": "#/$defs/template",
      "description": "The program: a name looked up on PATH, or a path (relative to the plan). Templated."
    },
    "args": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/scalarTemplate"
      }
    },
    "env": {
      "$ref": "#/$defs/headers",
      "description": "Environment variables set over the runner's own environment; values templated."
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
      "$ref": "#/$defs/duration",
      "description": "Kills the command's whole process group: SIGTERM, then SIGKILL 2 s later."
    },
    "maxOutput": MAX_OUTPUT_SCHEMA
  },
  "required": [
    "command"
  ],
  "additionalProperties": false
};
