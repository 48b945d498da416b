/** JSON Schema (2020-12) of the `ws:` request: `$defs.ws` of plan.schema.json. */
export const wsSchema: Record<string, unknown> = {
  "type": "object",
  "description": "A WebSocket exchange: upgrade, send, collect messages.",
  "properties": {
    "url": {
      "$ref": "#/$defs/template",
      "description": "ws:// or wss:// address. Templated."
    },
    "headers": {
      "$ref": "#/$defs/headers"
    },
    "subprotocols": {
      "type": "array",
      "items": {
        "type": "string"
      }
    },
    "send": {
      "type": "array",
      "description": "Sent in order after the upgrade. Each item: a string (one text frame, templated); { binary: <base64> }; { receive: N } (wait until N more messages have arrived); { close: <code>, reason? }; any other JSON (sent as JSON text)."
    },
    "expect": {
      "type": "integer",
      "minimum": 0,
      "description": "Messages to wait for, then close; adds the assertion messages count N."
    },
    "until": {
      "$ref": "#/$defs/expression",
      "description": "Stop at the first message for which this holds (names: body, text, binary, at)."
    },
    "ignore": {
      "$ref": "#/$defs/expression",
      "description": "Drop messages for which this holds (heartbeats) before they are counted."
    },
    "maxMessage": {
      "type": "integer",
      "minimum": 1,
      "description": "Largest message in bytes (default 1048576); a larger one leaves the step errored."
    },
    "idle": {
      "$ref": "#/$defs/duration",
      "description": "With neither expect nor until: end after this long without a message (default 1s), or when the server closes."
    },
    "timeout": {
      "$ref": "#/$defs/duration"
    }
  },
  "required": [
    "url"
  ],
  "additionalProperties": false
};
