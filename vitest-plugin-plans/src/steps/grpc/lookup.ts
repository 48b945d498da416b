/**
 * Lookups over a protobufjs Root shared by the load-time check, the JSON codec
 * and the call: services and methods by full name, fields by their JSON or
 * proto name. Roots here always keep proto field names (`keepCase`), whether
 * parsed from a .proto or built from reflection descriptors, so `field.name`
 * is the proto name everywhere and the JSON name is derived.
 */
import protobuf from 'protobufjs';
import type { Field, Method, NamespaceBase, ReflectionObject, Root, Service, Type } from 'protobufjs';
import { suggest } from '../../expr/index.js';

/** A method resolved for a call: its gRPC path, message types and streaming shape. */
export interface MethodInfo {
  readonly service: Service;
  readonly method: Method;
  /** `/package.Service/Method`, the HTTP/2 path of the call. */
  readonly path: string;
  readonly requestType: Type;
  readonly responseType: Type;
  readonly clientStreaming: boolean;
  readonly serverStreaming: boolean;
}

/** A full name without protobufjs's leading dot: `shop.Orders`. */
export function fullName(o: ReflectionObject): string {
  return o.fullName.replace(/^\./, '');
}

/**
 * protoc's default JSON name: underscores dropped and the letter after each
 * upper-cased (descriptor.cc ToJsonName), so `order_id` is `orderId`.
 */
export function lowerCamel(name: string): string {
  let out = '';
  let up = false;
  for (const c of name) {
    if (c === '_') up = true;
    else {
      out += up ? c.toUpperCase() : c;
      up = false;
    }
  }
  return out;
}

/** The JSON name of a field: its `json_name` option, else lowerCamel of the proto name. */
export function jsonNameOf(field: Field): string {
  const o = field.options?.['json_name'];
  return typeof o === 'string' ? o : lowerCamel(field.name);
}

/** The field a JSON key names: the JSON name first, then the proto name (proto3 JSON parsers accept both). */
export function fieldForKey(type: Type, key: string): Field | undefined {
  for (const f of type.fieldsArray) if (jsonNameOf(f) === key) return f;
  return type.fields[key];
}

/** Every name a key may use for a field of `type`, for "did you mean" suggestions. */
export function fieldKeys(type: Type): string[] {
  const names = new Set<string>();
  for (const f of type.fieldsArray) {
    names.add(jsonNameOf(f));
    names.add(f.name);
  }
  return [...names];
}

/** ` (did you mean x?)` or the empty string. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const s = suggest(name, candidates);
  return s === undefined ? '' : ` (did you mean ${s}?)`;
}

/** Every service of a root, depth first in declaration order. */
export function allServices(root: Root): Service[] {
  const out: Service[] = [];
  const walk = (ns: NamespaceBase): void => {
    for (const o of ns.nestedArray) {
      if (o instanceof protobuf.Service) out.push(o);
      if (o instanceof protobuf.Namespace || o instanceof protobuf.Type) walk(o as NamespaceBase);
    }
  };
  walk(root);
  return out;
}

/** The service with this full name (a leading dot is allowed), or undefined. */
export function findService(root: Root, name: string): Service | undefined {
  const want = name.replace(/^\./, '');
  return allServices(root).find((s) => fullName(s) === want);
}

/** The method `service`/`method` with its resolved types, or undefined when either is unknown. */
export function methodInfo(root: Root, service: string, method: string): MethodInfo | undefined {
  const svc = findService(root, service);
  const m = svc?.methods[method];
  if (!svc || !m) return undefined;
  m.resolve();
  if (!m.resolvedRequestType || !m.resolvedResponseType) return undefined;
  return {
    service: svc,
    method: m,
    path: `/${fullName(svc)}/${m.name}`,
    requestType: m.resolvedRequestType,
    responseType: m.resolvedResponseType,
    clientStreaming: m.requestStream === true,
    serverStreaming: m.responseStream === true,
  };
}

/** The shape of a method in words, for messages: `unary`, `server streaming`, … */
export function streamingWords(info: Pick<MethodInfo, 'clientStreaming' | 'serverStreaming'>): string {
  if (info.clientStreaming && info.serverStreaming) return 'bidirectional streaming';
  if (info.clientStreaming) return 'client streaming';
  if (info.serverStreaming) return 'server streaming';
  return 'unary';
}
