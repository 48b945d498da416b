/** The plan schema without the step kinds: schema-build.ts adds each kind's fragment from the registry. */
export const PLAN_SCHEMA_BASE: Record<string, any> = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://runner.local/schema/plan.schema.json",
  "title": "runner plan",
  "description": "A plan for `runner`: named tasks of ordered steps. See docs/plan-format.md.",
  "type": "object",
  "properties": {
    "$schema": {
      "type": "string",
      "description": "Schema of this file (for editors)."
    },
    "env": {
      "type": "object",
      "description": "Rendered once, in order; an entry may use run.id and entries above it. Read as env.<name>. A value is a template, or { fromEnv: VAR, default?: template, secret?: bool } read from the process environment when the plan loads.",
      "additionalProperties": {
        "$ref": "#/$defs/envValue"
      },
      "propertyNames": {
        "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
      }
    },
    "timeout": {
      "$ref": "#/$defs/duration",
      "description": "The run deadline (what --timeout overrides)."
    },
    "lifecycle": {
      "type": "object",
      "description": "How runs keep apart from each other on the target.",
      "properties": {
        "strategy": {
          "enum": [
            "unique",
            "reset"
          ],
          "description": "unique (default): each run makes its own data (use run.id); reset: the reset hook runs before any task."
        },
        "sharedTarget": {
          "type": "boolean",
          "description": "true: the target is shared with others; the run prints a caveat."
        },
        "reset": {
          "type": "array",
          "description": "Steps run once before any task when strategy is reset (the reset hook).",
          "items": {
            "$ref": "#/$defs/step"
          }
        }
      },
      "additionalProperties": false
    },
    "resources": {
      "type": "object",
      "description": "Declared resources: name → default mode.",
      "additionalProperties": {
        "enum": [
          "shared",
          "exclusive"
        ]
      }
    },
    "tasks": {
      "type": "array",
      "description": "The main tasks, in plan order.",
      "items": {
        "$ref": "#/$defs/task"
      }
    },
    "finally": {
      "type": "array",
      "description": "Teardown tasks, run after the main graph (same shape as tasks).",
      "items": {
        "$ref": "#/$defs/task"
      }
    }
  },
  "required": [
    "tasks"
  ],
  "additionalProperties": false,
  "$defs": {
    "duration": {
      "type": "string",
      "pattern": "^([0-9]+(\\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$",
      "x-expect": "a duration such as 200ms, 1.5s or 1m30s",
      "description": "A duration: 200ms, 1.5s, 1m30s (units ns, us, µs, ms, s, m, h)."
    },
    "template": {
      "type": "string",
      "description": "A string templated with {{ expression }} (env.<name>, run.id, tasks.<task>.results.<key>, matrix.<key>)."
    },
    "scalarTemplate": {
      "type": [
        "string",
        "number",
        "boolean"
      ],
      "x-expect": "a string, number or boolean",
      "description": "A value; strings are templated."
    },
    "expression": {
      "type": "string",
      "description": "An assertion-language expression."
    },
    "headers": {
      "type": "object",
      "description": "Header name → value; values are templated.",
      "additionalProperties": {
        "$ref": "#/$defs/scalarTemplate"
      }
    },
    "json": {
      "description": "Any JSON value; strings are templated, numbers are sent as written."
    },
    "name": {
      "type": "string",
      "pattern": "^[A-Za-z0-9_.-]+$",
      "x-expect": "a name of letters, digits, -, _ and .",
      "description": "A task name: letters, digits, -, _ and ."
    },
    "task": {
      "type": "object",
      "description": "A task: ordered steps, with edges (needs), claims (holds), a guard (when) and tags.",
      "properties": {
        "name": {
          "$ref": "#/$defs/name"
        },
        "tags": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "A task tagged slow is left out unless --include-tag slow."
        },
        "needs": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "Explicit edges: tasks that must pass first. A matrix base name means every row."
        },
        "holds": {
          "type": "array",
          "description": "Claims on declared resources; a bare name takes the default mode.",
          "items": {
            "anyOf": [
              {
                "type": "string"
              },
              {
                "type": "object",
                "description": "A claim with a mode.",
                "properties": {
                  "resource": {
                    "type": "string"
                  },
                  "mode": {
                    "enum": [
                      "shared",
                      "exclusive"
                    ]
                  }
                },
                "required": [
                  "resource"
                ],
                "additionalProperties": false
              }
            ],
            "x-expect": "a resource name or { resource, mode }"
          }
        },
        "when": {
          "$ref": "#/$defs/expression",
          "description": "Guard over env, tasks and run; the task is skipped when it is false."
        },
        "timeout": {
          "$ref": "#/$defs/duration",
          "description": "Deadline of each of its steps."
        },
        "matrix": {
          "type": "array",
          "minItems": 1,
          "description": "One task per row, named <name>[<row name or 1-based index>]; matrix.<key> is in scope.",
          "items": {
            "type": "object",
            "properties": {
              "name": {
                "$ref": "#/$defs/name"
              }
            }
          }
        },
        "steps": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/step"
          }
        }
      },
      "required": [
        "name",
        "steps"
      ],
      "additionalProperties": false
    },
    "result": {
      "anyOf": [
        {
          "type": "string"
        },
        {
          "type": "object",
          "description": "A secret result: scrubbed from every output.",
          "properties": {
            "secret": {
              "type": "string"
            }
          },
          "required": [
            "secret"
          ],
          "additionalProperties": false
        }
      ],
      "x-expect": "an expression, or { secret: <expression> }"
    },
    "step": {
      "type": "object",
      "description": "A step: exactly one kind key (http, graphql, ws, grpc, sql, fixture, exec, script, waitFor) beside the common keys.",
      "properties": {
        "name": {
          "type": "string",
          "description": "An optional label."
        },
        "assert": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/expression"
          },
          "description": "Assertions: boolean expressions over the names of the step kind. Every step except waitFor needs at least one."
        },
        "optional": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "Paths that may be absent under --strict-paths."
        },
        "results": {
          "type": "object",
          "additionalProperties": {
            "$ref": "#/$defs/result"
          },
          "description": "Published values: key → expression, or { secret: expression }."
        },
        "retry": {
          "type": "object",
          "description": "Re-send until the assertions hold.",
          "properties": {
            "attempts": {
              "type": "integer",
              "minimum": 1
            },
            "delay": {
              "$ref": "#/$defs/duration"
            }
          },
          "required": [
            "attempts"
          ],
          "additionalProperties": false
        },
        "repeat": {
          "type": "object",
          "description": "Send the request count times (http only).",
          "properties": {
            "count": {
              "type": "integer",
              "minimum": 1
            },
            "mode": {
              "enum": [
                "serial",
                "parallel"
              ]
            }
          },
          "required": [
            "count"
          ],
          "additionalProperties": false
        }
      },
      "additionalProperties": false
    },
    "envValue": {
      "description": "An env value: a template, or a value read from the process environment.",
      "x-expect": "a string, number, boolean or { fromEnv: VAR }",
      "anyOf": [
        {
          "$ref": "#/$defs/scalarTemplate"
        },
        {
          "type": "object",
          "required": [
            "fromEnv"
          ],
          "additionalProperties": false,
          "properties": {
            "fromEnv": {
              "type": "string",
              "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
              "description": "Name of the process environment variable to read (an empty variable counts as unset)."
            },
            "default": {
              "$ref": "#/$defs/scalarTemplate",
              "description": "Used when the variable is unset; templated like any env value."
            },
            "secret": {
              "type": "boolean",
              "description": "The value is a secret: the scrubber replaces it with [secret:env.<name>] in every output."
            }
          }
        }
      ]
    }
  }
};
