import { describe, expect, it } from 'vitest';
import { parseYamlTree, toPlain } from '../plan/yaml-tree.js';
import { emitYaml } from './yaml-emit.js';

const TRICKY = [
  'a\nb', '2.5s', '1_000', '0b101', '1:20', '2001-12-14', '2001-12-14t21:59:43.10-05:00', '+1', '1.', '1,000',
  "a\nb", '2.5s', '1_000', '0b101', '1:20', '2001-12-14', '2001-12-14t21:59:43.10-05:00', '+1', '1.', "a\n", "{\n}", 
  '', ' ', 'plain', 'true', 'False', 'yes', 'NO', 'on', 'y', '~', 'null', 'Null', '1', '-1', '1.5', '.5', '1e3', '0x1F', '.inf', '-.NaN',
  ' lead', 'trail ', 'a: b', 'a:b', 'x #y', '#x', '- a', '-a', '? q', '{{ env.x }}', 'Bearer {{ env.t }}', '[1]', '{a}', '"q"', "'q'",
  '&a', '*a', '!tag', '|', '>', '%x', '@x', '`x', 'line\nbreak', 'cr\r\nlf', 'tab\there', 'ünïcode', '日本', 'sep\u2028x', 'nel\u0085x',
  'bom\ufeffx', 'ctl\u0001x', 'back\\slash', 'http://h:1/p?q=1#f', 'a, b', '/path', './rel', '$var', '(paren)', 'a -b', '---', '...',
];

/** Every value round-trips, and the tree equals what the loader's parser builds from the text. */
function roundTrip(value: unknown, preamble: string[] = []) {
  const { text, tree } = emitYaml(value, preamble);
  const parsed = parseYamlTree(text, { split: false });
  expect(parsed.problems, text).toEqual([]);
  expect(toPlain(parsed.root)).toEqual(value);
  expect(tree).toEqual(parsed.root);
}

describe('emitYaml', () => {
  it('round-trips strings that YAML could read as something else', () => {
    for (const s of TRICKY) roundTrip({ key: s, list: [s], [s || 'empty']: 1 });
  });

  it('round-trips nesting, empty collections and numbers, positions included', () => {
    roundTrip(
      {
        env: { base: 'http://127.0.0.1:8080', token: { fromEnv: 'TOKEN', default: '', secret: true } },
        tasks: [
          { name: 'a', steps: [{ http: { method: 'POST', url: '{{ env.base }}/x', headers: {}, json: { n: 1.25, big: 12345678901, neg: -3, ok: false, nil: null, arr: [[1, 2], [], [{}]], deep: [{ a: [{ b: 1 }] }] } }, assert: ['status == 200'] }] },
          { name: 'b', needs: ['a'], steps: [{ http: { url: 'x' }, assert: [] }] },
        ],
      },
      ['# a header comment'],
    );
    roundTrip([]);
    roundTrip({});
    roundTrip([1, 'two', [3, [4]], { five: 5 }]);
  });
});

describe('emitYaml readability', () => {
  it('writes multi-line text as a block literal and quoted assertions in single quotes', () => {
    const value = { body: '{\n  "a": 1\n}', query: 'query {\n  x\n}\n', keep: 'a\n\n', lead: ' x\ny', assert: ['headers["content-type"] == "a"', '"content-type" in headers', "'it''s' == body"] };
    roundTrip(value);
    const { text } = emitYaml(value);
    expect(text).toContain('body: |-\n  {\n    "a": 1\n  }\n');
    expect(text).toContain('query: |\n  query {\n');
    expect(text).toContain('keep: |+\n');
    expect(text).toContain(`  - headers["content-type"] == "a"\n  - '"content-type" in headers'\n  - "'it''s' == body"\n`);
  });

  it('round-trips text with empty lines, trailing spaces and tabs in a literal', () => {
    for (const s of ['a\n\nb', 'a \nb', 'a\n\tb', 'a\n', 'a\n\n\n', 'x\n  y\n    z', '\n', '\na', 'a\n \nb']) roundTrip({ s, list: [s, [s]] });
  });
});
