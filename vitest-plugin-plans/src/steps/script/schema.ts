/** JSON Schema (2020-12) of the `script:` request: `$defs.script` of plan.schema.json. */
import { MAX_OUTPUT_SCHEMA } from '../process/options.js';

export const scriptSchema: Record<string, unknown> = {
  "type": "object",
  "description": "Run a script with a runtime.",
  "properties": {
    "runtime": {
      "type": "string",
      "description": "Runtime command on PATH: node, python3, bash, …; it runs `<runtime> <file> <args…>`."
    },
    "file": {
      "type": "string",
      "description": "Script file relative to the plan (checked at load)."
    },
    "source": {
      "type": "string",
      "description": "Inline source instead of file (written to a temporary file for the runtime)."
    },
    "args": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/scalarTemplate"
      }
    },
    "timeout": {
      "$ref": "#/$defs/duration",
      "description": "Kills the script's whole process group: SIGTERM, then SIGKILL 2 s later."
    },
    "maxOutput": MAX_OUTPUT_SCHEMA
  },
  "required": [
    "runtime"
  ],
  "additionalProperties": false
};
