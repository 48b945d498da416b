/**
 * Run time, for a step without `proto:`: the service's descriptors fetched by
 * gRPC server reflection (grpc.reflection.v1, falling back to v1alpha when the
 * server answers v1 with UNIMPLEMENTED) and built into a protobufjs Root.
 * Dependencies the server does not send with the file are asked for by name.
 */
import grpc from '@grpc/grpc-js';
import type { Client, StatusObject } from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import type { Enum, Field, Root, Type } from 'protobufjs';
import descriptor from 'protobufjs/ext/descriptor/index.js';
import { createClient, statusName, transportFault, type GrpcTls } from './channel.js';
import { allServices, didYouMean, findService, fullName, lowerCamel } from './lookup.js';

/** A Root that holds `service`, or why there is none (error names the address). */
export type ReflectionResult = { ok: true; root: Root } | { ok: false; error: string };

/** Results per (address, TLS, service), shared by the caller across steps; failures are not kept. */
export type ReflectionCache = Map<string, Promise<ReflectionResult>>;

// v1 and v1alpha declare the same messages; only the service path differs, so one parse serves both.
const PROTO = `syntax = "proto3";
message ServerReflectionRequest { string host = 1; oneof message_request {
  string file_by_filename = 3; string file_containing_symbol = 4; string list_services = 7; } }
message ServerReflectionResponse { string valid_host = 1; ServerReflectionRequest original_request = 2; oneof message_response {
  FileDescriptorResponse file_descriptor_response = 4; ListServiceResponse list_services_response = 6; ErrorResponse error_response = 7; } }
message FileDescriptorResponse { repeated bytes file_descriptor_proto = 1; }
message ListServiceResponse { repeated ServiceResponse service = 1; }
message ServiceResponse { string name = 1; }
message ErrorResponse { int32 error_code = 1; string error_message = 2; }`;
const PATHS = ['/grpc.reflection.v1.ServerReflection/ServerReflectionInfo', '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo'];

let messages: { req: Type; res: Type } | undefined;
function reflectionTypes(): { req: Type; res: Type } {
  if (!messages) {
    const root = protobuf.parse(PROTO, { keepCase: true }).root;
    messages = { req: root.lookupType('ServerReflectionRequest'), res: root.lookupType('ServerReflectionResponse') };
  }
  return messages;
}

/** The parts of a decoded FileDescriptorProto used here (protobufjs/ext/descriptor names). */
interface FileDesc {
  name?: string;
  package?: string;
  dependency?: string[];
  messageType?: MessageDesc[];
}
interface MessageDesc {
  name?: string;
  field?: Array<{ name?: string; number?: number; jsonName?: string; typeName?: string }>;
  nestedType?: MessageDesc[];
  options?: { mapEntry?: boolean };
}

/**
 * Fetches and builds the descriptors of `service` from the server at `address`.
 * Never rejects. With `cache`, a second step on the same server and service reuses the Root.
 * @example const r = await resolveByReflection('127.0.0.1:50051', null, 'shop.Orders', signal);
 */
export function resolveByReflection(address: string, tls: GrpcTls | null, service: string, signal: AbortSignal, cache?: ReflectionCache): Promise<ReflectionResult> {
  const key = `${address}\n${tls ? 'tls' : 'plaintext'}\n${service}`;
  const hit = cache?.get(key);
  if (hit) return hit;
  const p = reflect(address, tls, service, signal).catch((e: unknown) => ({ ok: false as const, error: `server reflection at ${address} failed: ${e instanceof Error ? e.message : String(e)}` }));
  if (cache) {
    cache.set(key, p);
    void p.then((r) => (r.ok ? undefined : cache.delete(key)));
  }
  return p;
}

async function reflect(address: string, tls: GrpcTls | null, service: string, signal: AbortSignal): Promise<ReflectionResult> {
  const client = createClient(address, tls);
  try {
    for (const path of PATHS) {
      const r = await converse(client, path, address, service, signal);
      if (r !== 'unimplemented') return r;
    }
    return { ok: false, error: `the server at ${address} does not offer server reflection (grpc.reflection.v1 nor v1alpha); give the step a proto: file` };
  } finally {
    client.close();
  }
}

/** One reflection stream: ask for the file holding `service`, then for each dependency not yet sent. */
function converse(client: Client, path: string, address: string, service: string, signal: AbortSignal): Promise<ReflectionResult | 'unimplemented'> {
  const { req, res } = reflectionTypes();
  return new Promise((resolve) => {
    const files = new Map<string, { fd: FileDesc; bytes: Uint8Array }>();
    // The server answers a stream's requests in order, so a queue says what each answer is for.
    const queue: Array<'symbol' | 'list' | { dep: string }> = [];
    const missing: string[] = [];
    let services: string[] = [];
    let notFound = false;
    let answered = 0;
    let headersSeen = false;
    let fault: string | undefined;
    const call = client.makeBidiStreamRequest(path, (b: Uint8Array) => Buffer.from(b), (b: Buffer) => b, new grpc.Metadata(), {});
    const send = (r: Record<string, string>, what: (typeof queue)[number]): void => {
      queue.push(what);
      call.write(req.encode(req.fromObject(r)).finish());
    };
    const onAbort = (): void => call.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    call.on('metadata', () => (headersSeen = true));
    call.on('error', () => {}); // the status event carries the outcome
    call.on('data', (buf: Buffer) => {
      answered++;
      try {
        onAnswer(queue.shift(), res.decode(buf) as unknown as ReflectionAnswer);
      } catch (e) {
        // A listener must not throw: grpc-js would surface it as an uncaught exception.
        fault ??= `the reflection answer from ${address} does not decode: ${e instanceof Error ? e.message : String(e)}`;
        call.cancel();
      }
    });
    const onAnswer = (what: (typeof queue)[number] | undefined, r: ReflectionAnswer): void => {
      if (r.error_response) {
        if (what === 'symbol') {
          notFound = true;
          send({ list_services: '' }, 'list');
        } else if (typeof what === 'object') missing.push(what.dep);
      } else if (r.file_descriptor_response) {
        const fresh = r.file_descriptor_response.file_descriptor_proto.map((bytes) => ({ fd: descriptor.FileDescriptorProto.decode(bytes) as unknown as FileDesc, bytes }));
        for (const f of fresh) if (f.fd.name && !files.has(f.fd.name)) files.set(f.fd.name, f);
        for (const { fd } of fresh) {
          for (const dep of fd.dependency ?? []) {
            if (files.has(dep) || queue.some((q) => typeof q === 'object' && q.dep === dep) || missing.includes(dep)) continue;
            send({ file_by_filename: dep }, { dep });
          }
        }
      } else if (r.list_services_response) services = r.list_services_response.service.map((x) => x.name);
      if (queue.length === 0) call.end();
    };
    call.on('status', (s: StatusObject) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) resolve({ ok: false, error: 'aborted' });
      else if (fault) resolve({ ok: false, error: fault });
      else if (s.code === grpc.status.UNIMPLEMENTED && answered === 0) resolve('unimplemented');
      else if (s.code !== grpc.status.OK) {
        resolve({ ok: false, error: transportFault(address, s, headersSeen, answered) ?? `server reflection at ${address} failed: ${statusName(s.code)}: ${s.details}` });
      } else if (notFound) resolve({ ok: false, error: notOffered(address, service, services) });
      else resolve(build([...files.values()].map((f) => f.bytes), missing, address, service));
    });
    send({ file_containing_symbol: service }, 'symbol');
    if (signal.aborted) onAbort();
  });
}

/** An unknown service, with the closest one the server offers (its own reflection services left out). */
function notOffered(address: string, service: string, offered: string[]): string {
  const names = offered.filter((n) => !n.startsWith('grpc.reflection.'));
  const tail = names.filter((n) => n.endsWith(`.${service}`));
  const hint = tail.length === 1 ? ` (did you mean ${tail[0]}?)` : didYouMean(service, names);
  return `the server at ${address} does not offer service ${service}${hint || (names.length ? `; it offers ${names.join(', ')}` : '')}`;
}

interface ReflectionAnswer {
  error_response?: { error_message: string };
  file_descriptor_response?: { file_descriptor_proto: Uint8Array[] };
  list_services_response?: { service: Array<{ name: string }> };
}

function build(files: Uint8Array[], missing: string[], address: string, service: string): ReflectionResult {
  if (missing.length) return { ok: false, error: `the server at ${address} did not send ${missing.join(', ')}, which the descriptors of ${service} import` };
  let root: Root;
  try {
    root = rootFromDescriptors(files);
  } catch (e) {
    return { ok: false, error: `the descriptors from ${address} do not resolve: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!findService(root, service)) return { ok: false, error: notOffered(address, service, allServices(root).map(fullName)) };
  return { ok: true, root };
}

/**
 * A Root from serialized FileDescriptorProtos (a file and all it imports), with
 * maps and custom JSON names as the .proto declared them. Throws when they do not resolve.
 */
export function rootFromDescriptors(protos: Uint8Array[]): Root {
  const files = protos.map((b) => descriptor.FileDescriptorProto.decode(b) as unknown as FileDesc);
  const root = (protobuf.Root as unknown as { fromDescriptor(set: { file: FileDesc[] }): Root }).fromDescriptor({ file: files });
  for (const fd of files) fixTypes(root, fd.package ? `.${fd.package}` : '', fd.messageType);
  root.resolveAll();
  return root;
}

/**
 * What protobufjs's fromDescriptor leaves out: a map field stays a repeated
 * XEntry message (made a MapField again here, so the codec sees a map), and a
 * custom json_name is dropped (put back as the option lookup.ts reads).
 */
function fixTypes(root: Root, prefix: string, messages: MessageDesc[] = []): void {
  for (const m of messages) {
    const name = `${prefix}.${m.name}`;
    const type = root.lookup(name);
    if (!(type instanceof protobuf.Type)) continue;
    // protoc names the entry type by its full name, protobufjs's toDescriptor by a bare relative
    // name: the resolved type tells them apart from ordinary nested messages either way.
    const entries = new Set((m.nestedType ?? []).filter((n) => n.options?.mapEntry).map((n) => n.name));
    for (const f of m.field ?? []) {
      const field: Field | undefined = f.name ? type.fields[f.name] : undefined;
      if (!field || !f.name) continue;
      if (f.jsonName && f.jsonName !== lowerCamel(f.name)) field.setOption('json_name', f.jsonName);
      const entry: Type | Enum | null = field.resolve().resolvedType;
      if (field.repeated && entry instanceof protobuf.Type && entry.parent === type && entries.has(entry.name)) {
        const [key, value] = [entry.fieldsById[1]!, entry.fieldsById[2]!.resolve()];
        const map = new protobuf.MapField(f.name, field.id, key.type, value.resolvedType?.fullName ?? value.type, field.options);
        type.remove(field);
        type.add(map);
      }
    }
    fixTypes(root, name, (m.nestedType ?? []).filter((n) => !n.options?.mapEntry));
  }
}
