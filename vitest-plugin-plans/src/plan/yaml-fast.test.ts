import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFastYaml } from './yaml-fast.js';
import { parseYamlTreeFull } from './yaml-tree.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

function yamlFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yamlFiles(p, out);
    else if (/\.ya?ml$/.test(name)) out.push(p);
  }
  return out;
}

/** The fast tree must equal the full parser's tree whenever the fast parser answers. */
function same(text: string): 'fast' | 'full' {
  const fast = parseFastYaml(text);
  if (fast === undefined) return 'full';
  const full = parseYamlTreeFull(text);
  expect(full.problems).toEqual([]);
  expect(fast).toEqual(full.root);
  return 'fast';
}

describe('fast YAML path', () => {
  it('builds the same tree as the yaml package for every YAML file in the repo', () => {
    const files = ['vitest-plugin-plans', 'cli', 'examples'].flatMap((d) => yamlFiles(join(REPO, d)));
    expect(files.length).toBeGreaterThan(50);
    let fast = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      try {
        if (same(text) === 'fast') fast++;
      } catch (e) {
        throw new Error(`${f}: ${(e as Error).message}`);
      }
    }
    // Most plans take the fast path; the rest are faults and exotic YAML.
    expect(fast).toBeGreaterThan(files.length / 2);
  });

  it('agrees with the yaml package on mutated plans (or leaves them to it)', () => {
    const files = ['cli/test/golden/plan', 'vitest-plugin-plans/test/run/cases'].flatMap((d) => yamlFiles(join(REPO, d)));
    let seed = 11;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const bits = [' ', '\n', ':', '-', '#', '"', "'", '{', '}', '[', ']', ',', 'a', '1', '- ', ': ', ' #', '*', '&', '|', '?', '\\', '0x', '~'];
    for (let i = 0; i < 3000; i++) {
      let t = readFileSync(files[rnd(files.length)]!, 'utf8');
      for (let j = 1 + rnd(4); j > 0; j--) {
        const p = rnd(t.length + 1);
        const op = rnd(3);
        if (op === 0) t = t.slice(0, p) + bits[rnd(bits.length)] + t.slice(p);
        else if (op === 1) t = t.slice(0, p) + t.slice(p + 1 + rnd(3));
        else {
          const q = rnd(t.length + 1);
          t = t.slice(0, p) + t.slice(q, q + 10) + t.slice(p);
        }
      }
      const fast = parseFastYaml(t);
      if (fast === undefined) continue;
      const full = parseYamlTreeFull(t);
      if (full.problems.length > 0 || JSON.stringify(fast) !== JSON.stringify(full.root)) {
        throw new Error(`fast and full trees differ for:\n${t}`);
      }
    }
  });

  it.each([
    ['block maps and sequences', 'a: 1\nb:\n  - x\n  - y: 2\n    z: "q"\nc:\n- 1\n- 2\nd: e\n'],
    ['scalars of the core schema', 'a: [~, null, true, False, 0o17, 0x1F, -12, 1e3, 10.10, .inf, -.Inf, .nan, 1.5e-2, "1", \'it\'\'s\', x y]\n'],
    ['flow maps', 'h: { accept: application/json, "x-y": "a,b", n: {}, l: [] }\n'],
    ['comments', '# head\na: 1 # one\n  # indented comment\nb: "#x" # two\n'],
    ['escapes', 'a: "\\t\\n\\u00e9\\x41\\\\\\""\n'],
    ['plain scalars with colons and hashes', 'url: http://x:80/a#b\nw: a:b\n'],
    ['numeric keys', '1: a\n1.50: b\ntrue: c\n'],
  ])('%s', (_name, text) => {
    expect(same(text)).toBe('fast');
  });

  it.each([
    ['anchors', 'a: &x 1\nb: *x\n'],
    ['block scalars', 'a: |\n  x\n'],
    ['multi-line plain', 'a: x\n  y\n'],
    ['empty value', 'a:\nb: 1\n'],
    ['duplicate key', 'a: 1\na: 2\n'],
    ['tabs', 'a:\t1\n'],
    ['document marker', '---\na: 1\n'],
    ['unclosed flow', 'a: [1,\n  2]\n'],
    ['nested compact mapping', 'a: b: c\n'],
    ['trailing comma', 'a: [1, 2,]\n'],
  ])('leaves %s to the yaml package', (_name, text) => {
    expect(parseFastYaml(text)).toBeUndefined();
  });
});
