/** Test helper: the fixture shop.proto parsed once, for the grpc unit and call tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Root } from 'protobufjs';
import { parseProtoFile } from './proto.js';

/** Absolute path of fixtures/shop.proto. */
export const SHOP_PROTO = fileURLToPath(new URL('./fixtures/shop.proto', import.meta.url));

/** The fixture root; throws when the fixture does not parse (a broken test setup). */
export function shopRoot(): Root {
  const r = parseProtoFile(readFileSync(SHOP_PROTO, 'utf8'), SHOP_PROTO);
  if (!r.ok) throw new Error(`${r.file}:${r.line}: ${r.message}`);
  return r.root;
}
