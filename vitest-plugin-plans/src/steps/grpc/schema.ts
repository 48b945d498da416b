/** JSON Schema (2020-12) of the `grpc:` request: `$defs.grpc` of plan.schema.json. */
export const grpcSchema: Record<string, unknown> = {
  "type": "object",
  "description": "A gRPC call.",
  "properties": {
    "address": {
      "$ref": "#/$defs/template",
      "description": "host:port. Templated."
    },
    "proto": {
      "type": "string",
      "description": "The .proto file, relative to the plan, checked at load. Without it the call is resolved by server reflection at run time."
    },
    "service": {
      "type": "string",
      "description": "Fully qualified service name, e.g. shop.Orders."
    },
    "method": {
      "type": "string",
      "description": "Method name."
    },
    "request": {
      "description": "The request message as JSON; strings templated; int64 written as numbers stay exact."
    },
    "requests": {
      "type": "array",
      "description": "The request messages of a client or bidirectional streaming call, sent in order."
    },
    "metadata": {
      "$ref": "#/$defs/headers"
    },
    "tls": {
      "type": "boolean",
      "description": "Default false (plaintext)."
    },
    "expect": {
      "type": "integer",
      "minimum": 0,
      "description": "Response messages to wait for; adds the assertion messages count N."
    },
    "timeout": {
      "$ref": "#/$defs/duration",
      "description": "Sent as the gRPC deadline."
    }
  },
  "required": [
    "address",
    "service",
    "method"
  ],
  "additionalProperties": false
};
