/** parseProtoFile: imports resolved from the file's directory, and every fault located at a file and line. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProtoFile } from './proto.js';
import { SHOP_PROTO } from './shop.test-utils.js';

/** Parses an in-memory proto at /protos/main.proto; `files` are the other files it may import. */
function parse(text: string, files: Record<string, string> = {}) {
  return parseProtoFile(text, '/protos/main.proto', (p) => {
    const t = files[p];
    if (t === undefined) throw new Error(`ENOENT: ${p}`);
    return t;
  });
}

describe('parseProtoFile', () => {
  it('parses the fixture with its relative and bundled imports', () => {
    const r = parseProtoFile(readFileSync(SHOP_PROTO, 'utf8'), SHOP_PROTO);
    if (!r.ok) throw new Error(r.message);
    expect(r.root.lookupType('common.Money').fields['currency_code']?.type).toBe('string');
    expect(r.files.map((f) => f.split('/').slice(-2).join('/'))).toEqual(['fixtures/shop.proto', 'common/money.proto']);
  });

  it('reports a syntax error at its line, with the column of the token', () => {
    const r = parse('syntax = "proto3";\nmessage M {\n  int32 x = 1\n  int32 y = 2;\n}\n');
    expect(r).toEqual({ ok: false, file: '/protos/main.proto', line: 4, column: 3, message: "illegal token 'int32', ';' expected" });
  });

  it('reports an unknown type at the line that uses it', () => {
    const r = parse('syntax = "proto3";\n\nmessage M {\n  int32 a = 1;\n  Missing b = 2;\n}\n');
    expect(r).toEqual({ ok: false, file: '/protos/main.proto', line: 5, message: 'unknown type Missing in message M' });
  });

  it('reports a duplicate field number at its second use', () => {
    const r = parse('syntax = "proto3";\nmessage M {\n  int32 a = 1;\n  int32 b = 1;\n}\n');
    expect(r).toMatchObject({ ok: false, line: 4, message: 'duplicate field number 1 in M' });
  });

  it('reports an import that is not there at the import line, naming where it looked', () => {
    const r = parse('syntax = "proto3";\n\nimport "google/protobuf/empty.proto";\nimport "lib/missing.proto";\n');
    expect(r).toEqual({ ok: false, file: '/protos/main.proto', line: 4, message: 'cannot find import "lib/missing.proto" (looked in /protos/lib)' });
  });

  it('reports a fault inside an imported file against that file', () => {
    const r = parse('syntax = "proto3";\nimport "lib/a.proto";\n', { '/protos/lib/a.proto': 'syntax = "proto3";\nmessage A {\n  int32 x = ;\n}\n' });
    expect(r).toMatchObject({ ok: false, file: '/protos/lib/a.proto', line: 3 });
  });

  it('resolves an import relative to the importing file and types across packages', () => {
    const r = parse('syntax = "proto3";\npackage p;\nimport "lib/a.proto";\nmessage M { q.A a = 1; }\n', {
      '/protos/lib/a.proto': 'syntax = "proto3";\npackage q;\nimport "b.proto";\nmessage A { q.B b = 1; }\n',
      '/protos/lib/b.proto': 'syntax = "proto3";\npackage q;\nmessage B { int64 n = 1; }\n',
    });
    if (!r.ok) throw new Error(`${r.file}:${r.line}: ${r.message}`);
    expect(r.root.lookupType('q.B').fields['n']?.type).toBe('int64');
  });

  it('provides descriptor.proto for custom options', () => {
    const r = parse('syntax = "proto3";\nimport "google/protobuf/descriptor.proto";\nextend google.protobuf.FieldOptions { string tag = 50000; }\nmessage M { int32 a = 1 [(tag) = "x"]; }\n');
    expect(r.ok).toBe(true);
  });
});
