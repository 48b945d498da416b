/**
 * Load-time check of a grpc step against its proto: the service, the method,
 * the request's keys and literal values, each problem with "did you mean" and
 * the path of the offending key inside the request, so the caller can point at
 * its YAML node. Strings are not checked: they may be templates.
 */
import protobuf from 'protobufjs';
import type { Field, MapField, Root, Type } from 'protobufjs';
import { allServices, didYouMean, fieldForKey, fieldKeys, findService, fullName, methodInfo, streamingWords } from './lookup.js';
import { WKT, WRAPPERS } from './wkt.js';

/** One thing wrong with a call, located for the caller. */
export interface CallProblem {
  message: string;
  where: 'service' | 'method' | 'request';
  /** For `where: 'request'`: which entry of `requests` (0 for a single `request:`). */
  index?: number;
  /** For `where: 'request'`: keys and list indexes from that request's root to the offending key; [] for the request itself. */
  path?: Array<string | number>;
}

/** A call as the plan writes it. */
export interface CallShape {
  service: string;
  method: string;
  /**
   * The request messages as plain data parsed from the plan (objects, arrays,
   * strings, numbers or bigints, booleans, null): one for `request:`, each
   * entry for `requests:`. Omit to check only service and method.
   */
  requests?: readonly unknown[];
  /** True when the plan wrote `requests:`, which only a client or bidirectional streaming method takes. */
  many?: boolean;
}

/**
 * Problems of `call` against `root`; `source` names the proto in messages.
 * An empty list means the call is well-formed.
 * @example
 * checkCall(root, 'shop.proto', { service: 'shop.Order', method: 'Get' })
 * // [{ where: 'service', message: 'no service shop.Order in shop.proto (did you mean shop.Orders?)' }]
 */
export function checkCall(root: Root, source: string, call: CallShape): CallProblem[] {
  const svc = findService(root, call.service);
  if (!svc) {
    const names = allServices(root).map(fullName);
    // A service written without its package: suggest the one full name that ends with it.
    const tail = names.filter((n) => n.endsWith(`.${call.service}`));
    const hint = tail.length === 1 ? ` (did you mean ${tail[0]}?)` : didYouMean(call.service, names);
    const rest = hint ? '' : names.length === 0 ? '; it declares no service' : `; it declares ${names.join(', ')}`;
    return [{ where: 'service', message: `no service ${call.service} in ${source}${hint}${rest}` }];
  }
  const info = methodInfo(root, call.service, call.method);
  if (!info) {
    const names = Object.keys(svc.methods);
    const hint = didYouMean(call.method, names);
    return [{ where: 'method', message: `no method ${call.method} in service ${fullName(svc)}${hint || `; its methods are ${names.join(', ')}`}` }];
  }
  const problems: CallProblem[] = [];
  if (call.many && !info.clientStreaming) {
    problems.push({ where: 'request', path: [], message: `${fullName(svc)}.${call.method} is ${streamingWords(info)}: it takes one request; write request: instead of requests:` });
  }
  (call.requests ?? []).forEach((r, index) => {
    const report = (path: Array<string | number>, message: string) => problems.push({ where: 'request', index, path, message });
    walkMessage(r, info.requestType, [], report);
  });
  return problems;
}

type Report = (path: Array<string | number>, message: string) => void;

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  if (typeof v === 'number' || typeof v === 'bigint') return `the number ${v}`;
  return String(v);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string with `{{` is a template: its value is known only at run time. */
const isTemplate = (v: unknown): boolean => typeof v === 'string' && v.includes('{{');

/** `label` names the field holding the message, for wrappers whose inner field is just `value`. */
function walkMessage(v: unknown, type: Type, path: Array<string | number>, report: Report, label?: string): void {
  if (v === null || v === undefined || isTemplate(v)) return;
  const name = type.fullName;
  if (name === WKT.struct || name === WKT.value || name === WKT.listValue || name === WKT.any) return;
  if (name === WKT.timestamp || name === WKT.duration || name === WKT.fieldMask) {
    const like = name === WKT.timestamp ? 'an RFC 3339 timestamp like "2024-01-02T03:04:05Z"' : name === WKT.duration ? 'a duration like "1.5s"' : 'a field mask like "a.b,c"';
    return typeof v === 'string' ? undefined : report(path, `expected ${like}, found ${describe(v)}`);
  }
  if (WRAPPERS.has(name)) return walkValue(v, type.fieldsById[1]!, path, report, `${label ?? 'value'} is ${fullName(type)}`);
  if (!isObject(v)) return report(path, `expected an object for ${fullName(type)}, found ${describe(v)}`);
  for (const [key, x] of Object.entries(v)) {
    const f = fieldForKey(type, key);
    if (!f) {
      report([...path, key], `no field ${key} in ${fullName(type)}${didYouMean(key, fieldKeys(type))}`);
      continue;
    }
    f.resolve();
    walkField(x, f, [...path, key], report);
  }
}

function walkField(v: unknown, f: Field, path: Array<string | number>, report: Report): void {
  if (v === null || v === undefined || isTemplate(v)) return;
  if (f.map) {
    if (!isObject(v)) return report(path, `field ${f.name} is a map<${(f as unknown as MapField).keyType}, ${f.type}>: expected an object, found ${describe(v)}`);
    for (const [k, x] of Object.entries(v)) walkValue(x, f, [...path, k], report);
  } else if (f.repeated) {
    if (!Array.isArray(v)) return report(path, `field ${f.name} is repeated: expected a list, found ${describe(v)}`);
    v.forEach((x, i) => walkValue(x, f, [...path, i], report));
  } else walkValue(v, f, path, report);
}

/** Decimal text, which proto3 JSON also accepts for numeric fields. */
const NUMERIC_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$|^(NaN|-?Infinity)$/;

/** One value of field `f` (a single field, or an element or map value of it); `what` describes it in messages. */
function walkValue(v: unknown, f: Field, path: Array<string | number>, report: Report, what = `${f.name} is ${f.type}`): void {
  const t = f.resolvedType;
  if (t instanceof protobuf.Type) return walkMessage(v, t, path, report, f.name);
  if (v === null || v === undefined || isTemplate(v)) return;
  if (t instanceof protobuf.Enum) {
    if (typeof v === 'string' && t.values[v] === undefined) {
      report(path, `no value ${v} in enum ${fullName(t)}${didYouMean(v, Object.keys(t.values)) || `; its values are ${Object.keys(t.values).join(', ')}`}`);
    } else if (typeof v !== 'string' && !Number.isInteger(v) && typeof v !== 'bigint') {
      report(path, `field ${f.name} is the enum ${fullName(t)}: expected a value name, found ${describe(v)}`);
    }
    return;
  }
  const kind = f.type === 'bool' ? 'boolean' : f.type === 'string' || f.type === 'bytes' ? 'text' : 'number';
  const whole = kind === 'number' && f.type !== 'double' && f.type !== 'float';
  let ok: boolean;
  if (kind === 'text') ok = typeof v === 'string';
  else if (kind === 'boolean') ok = typeof v === 'boolean';
  else ok = typeof v === 'bigint' || (typeof v === 'number' && (!whole || Number.isInteger(v))) || (typeof v === 'string' && NUMERIC_TEXT.test(v));
  if (ok) return;
  const expected = kind === 'text' ? 'a string' : kind === 'boolean' ? 'true or false' : whole ? 'an integer' : 'a number';
  const fix = kind === 'text' && typeof v !== 'object' ? ' (quote it)' : '';
  report(path, `field ${what}: expected ${expected}, found ${describe(v)}${fix}`);
}
