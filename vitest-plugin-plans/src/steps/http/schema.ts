/** JSON Schema (2020-12) of the `http:` request: `$defs.http` of plan.schema.json. */
export const httpSchema: Record<string, unknown> = {
  "type": "object",
  "description": "An HTTP request.",
  "properties": {
    "method": {
      "type": "string",
      "pattern": "^[A-Za-z]+$",
      "x-expect": "an HTTP method such as GET or POST",
      "description": "Default GET."
    },
    "url": {
      "$ref": "#/$defs/template",
      "description": "Templated. Required."
    },
    "headers": {
      "$ref": "#/$defs/headers"
    },
    "json": {
      "$ref": "#/$defs/json",
      "description": "A JSON body; strings templated."
    },
    "body": {
      "$ref": "#/$defs/template",
      "description": "A string body, templated."
    },
    "bodyFile": {
      "type": "string",
      "description": "A file sent as the body: literal path relative to the plan, at most 8 MiB."
    },
    "followRedirects": {
      "type": "boolean",
      "description": "Default false; true follows up to 10."
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
