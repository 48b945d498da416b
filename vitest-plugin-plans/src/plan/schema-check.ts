/**
 * Structural check of a plan against schema/plan.schema.json (draft 2020-12,
 * Ajv2020), with every Ajv error translated into a plan diagnostic: never raw
 * Ajv text. Semantic checks (templates, assertions, graph) live elsewhere.
 */
import type { ErrorObject } from 'ajv';
import { validate as generatedValidate } from './schema-validator.generated.js';
import { diag, didYouMean, formatPath } from './diagnostics.js';
import type { Diagnostic } from './types.js';
import { nodeAt, entry, type PNode } from './yaml-tree.js';

/** URL of the plan schema shipped with the package. */
export const PLAN_SCHEMA_URL = new URL('../../schema/plan.schema.json', import.meta.url);

/** The standalone validator generated from the schema (schema/build-validator.mjs). */
interface Validator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

function getValidator(): Validator {
  return generatedValidate as Validator;
}

const WORDS: Record<string, string> = {
  string: 'a string', integer: 'an integer', number: 'a number', boolean: 'true or false',
  object: 'a map', array: 'a list', null: 'nothing',
};

function describe(v: unknown): string {
  if (v === null) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  if (typeof v === 'number') return Number.isInteger(v) ? `the number ${v}` : `the number ${v}`;
  return String(v);
}

function typeWords(t: unknown): string {
  const list = Array.isArray(t) ? t : [t];
  const words = list.map((x) => WORDS[String(x)] ?? String(x));
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function segsOf(pointer: string): Array<string | number> {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s));
}

/** Messages for one Ajv error (undefined: drop it). */
function message(e: ErrorObject): string | undefined {
  const ps = (e.parentSchema ?? {}) as Record<string, unknown>;
  const expect = typeof ps['x-expect'] === 'string' ? (ps['x-expect'] as string) : undefined;
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String((e.params as { additionalProperty: string }).additionalProperty);
      const props = Object.keys((ps.properties ?? {}) as object);
      const hint = didYouMean(key, props);
      return `unknown key "${key}"${hint || (props.length > 0 && props.length <= 12 ? `; expected one of ${props.join(', ')}` : '')}`;
    }
    case 'required':
      return `missing key "${(e.params as { missingProperty: string }).missingProperty}"`;
    case 'type':
      return `expected ${expect ?? typeWords((e.params as { type: unknown }).type)}, found ${describe(e.data)}`;
    case 'enum':
      return `expected one of ${((e.params as { allowedValues: unknown[] }).allowedValues).map(String).join(', ')}, found ${describe(e.data)}`;
    case 'pattern':
      return `expected ${expect ?? 'a value matching ' + String((e.params as { pattern: string }).pattern)}, found ${describe(e.data)}`;
    case 'minimum':
      return `expected a number of at least ${(e.params as { limit: number }).limit}, found ${describe(e.data)}`;
    case 'minItems':
      return `expected at least ${(e.params as { limit: number }).limit} item(s), found none`;
    case 'anyOf':
    case 'oneOf':
      return `expected ${expect ?? 'another shape'}, found ${describe(e.data)}`;
    default:
      return `does not fit the plan schema (${e.keyword})`;
  }
}

/**
 * Keeps the useful errors: for an `anyOf` that failed, the errors of the
 * branch whose type matched (so `{resource: x, mod: y}` reports the unknown
 * key), else the anyOf's own "expected …" line.
 */
function prune(errors: ErrorObject[]): ErrorObject[] {
  const drop = new Set<ErrorObject>();
  for (const a of errors) {
    if (a.keyword !== 'anyOf' && a.keyword !== 'oneOf') continue;
    const inBranch = (e: ErrorObject, i: number) => e.schemaPath.startsWith(`${a.schemaPath}/${i}/`);
    const count = Array.isArray(a.schema) ? a.schema.length : 0;
    let kept = -1;
    for (let i = 0; i < count && kept < 0; i++) {
      const typeFailed = errors.some((e) => inBranch(e, i) && e.keyword === 'type' && e.instancePath === a.instancePath && e.schemaPath === `${a.schemaPath}/${i}/type`);
      if (!typeFailed && errors.some((e) => inBranch(e, i))) kept = i;
    }
    for (const e of errors) if (e.schemaPath.startsWith(`${a.schemaPath}/`) && !(kept >= 0 && inBranch(e, kept))) drop.add(e);
    if (kept >= 0) drop.add(a);
  }
  return errors.filter((e) => !drop.has(e));
}

/** Validates the plain plan value; returns diagnostics positioned on the tree. */
export function checkSchema(file: string, root: PNode, plain: unknown): Diagnostic[] {
  const validate = getValidator();
  if (validate(plain)) return [];
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const e of prune(validate.errors ?? [])) {
    const msg = message(e);
    if (msg === undefined) continue;
    const segs = segsOf(e.instancePath);
    const node = nodeAt(root, segs);
    let line = node?.line ?? 1;
    if (e.keyword === 'additionalProperties') {
      const key = String((e.params as { additionalProperty: string }).additionalProperty);
      line = entry(node, key)?.keyPos.line ?? line;
    }
    const path = formatPath(segs);
    const k = `${line}|${path}|${msg}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(diag('error', 'schema', { file, line }, path, msg));
  }
  return out;
}
