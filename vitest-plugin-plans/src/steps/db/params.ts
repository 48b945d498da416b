/** Rendered plan values → placeholder values, numbers exactly as written (`params:` of sql, `rows:` of fixture). */
import { parseJsonExact, toJsonText } from '../../expr/json-exact.js';
import { numText, type Value } from '../../expr/values.js';
import type { JsonTemplate } from '../../plan/types.js';
import type { Renderer } from '../types.js';
import type { DbParam } from './types.js';

/** A value as a placeholder value: maps become JSON text; lists stay lists (pg arrays, mysql `IN (?)`) unless `listsAsJson`. */
export function paramOf(v: Value, listsAsJson = false): DbParam {
  switch (v.k) {
    case 'nil':
    case 'na':
      return null;
    case 'bool':
      return v.v;
    case 'num':
      return { num: numText(v) };
    case 'str':
      return v.v;
    case 'list':
      return listsAsJson ? { json: toJsonText(v) } : v.items.map((x) => paramOf(x));
    default:
      return { json: toJsonText(v) };
  }
}

/** Renders a JSON template and reads it back with exact numbers. @throws TemplateError from the renderer */
export function renderValue(render: Renderer, t: JsonTemplate): Value {
  const r = parseJsonExact(render.json(t));
  // The renderer writes JSON it just built; a failure here is a bug, reported as the step's error.
  if (!r.ok) throw new Error(`a rendered value is not JSON: ${r.error.message}`);
  return r.value;
}
