/** JSON Schema (2020-12) of the `waitFor:` request: `$defs.waitFor` of plan.schema.json. */
export const waitForSchema: Record<string, unknown> = {
  "type": "object",
  "description": "Poll an http request until a condition holds.",
  "properties": {
    "http": {
      "$ref": "#/$defs/http"
    },
    "until": {
      "$ref": "#/$defs/expression",
      "description": "Condition over the http names."
    },
    "interval": {
      "$ref": "#/$defs/duration",
      "description": "Pause between attempts (default 1s)."
    },
    "backoff": {
      "type": "object",
      "description": "The pause grows by factor after each poll, up to max.",
      "properties": {
        "factor": { "type": "number", "minimum": 1, "description": "Multiplier of the pause (default 2)." },
        "max": { "$ref": "#/$defs/duration", "description": "Longest pause (default 30s, or interval when longer)." }
      },
      "additionalProperties": false
    },
    "stable": {
      "type": "integer",
      "minimum": 1,
      "description": "Polls in a row the condition must hold (default 1)."
    },
    "timeout": {
      "$ref": "#/$defs/duration",
      "description": "Deadline of the whole wait."
    },
    "attempts": {
      "type": "integer",
      "minimum": 1,
      "description": "Most attempts (default 30)."
    }
  },
  "required": [
    "http",
    "until"
  ],
  "additionalProperties": false
};
