/**
 * The layering the house style asks for, checked on the import graph:
 * dependencies point downward (`plan` and `expr` know nothing of the Vitest
 * face, reports or sessions; reports render from events, not from the graph or
 * the step kinds; the engine emits and never renders), `expr` has no import
 * cycle, and every source file opens with a header saying what it is for.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('./', import.meta.url));
const CLI_SRC = fileURLToPath(new URL('../../cli/src/', import.meta.url));

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...tsFiles(p));
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out.sort();
}

/** `src/`-relative path with `/`, as messages and rules name files. */
const rel = (abs: string) => relative(SRC, abs).split(sep).join('/');

/** An ESM specifier to the file it names: `./x.js` is `x.ts` on disk, a folder is its `index.ts`. */
function resolveSpecifier(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => statSync(c, { throwIfNoEntry: false })?.isFile()) ?? base;
}

/**
 * Relative imports of every file, type-only ones included: the TypeScript
 * scanner finds `import … from`, `export … from`, side-effect imports,
 * `import('…')` and `import('…').T`, and skips comments and strings.
 */
const graph = new Map<string, string[]>();
for (const file of tsFiles(SRC).filter((f) => !f.endsWith('.generated.ts'))) {
  const specs = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
  graph.set(rel(file), [...new Set(specs.filter((s) => s.startsWith('.')).map((s) => rel(resolveSpecifier(file, s))))]);
}

/** `file imports target` lines for every import from a file under one of `from` into one of `to`. */
function crossings(from: string[], to: string[]): string[] {
  const under = (p: string, dirs: string[]) => dirs.some((d) => p.startsWith(`${d}/`));
  const out: string[] = [];
  for (const [file, targets] of graph) if (under(file, from)) for (const t of targets) if (under(t, to)) out.push(`${file} imports ${t}`);
  return out;
}

/** One cycle per strongly connected component of the graph restricted to `dir`, as `a → b → a`. */
function cyclesWithin(dir: string): string[] {
  const nodes = [...graph.keys()].filter((f) => f.startsWith(`${dir}/`));
  const inDir = new Set(nodes);
  const next = (n: string) => (graph.get(n) ?? []).filter((t) => inDir.has(t));
  // Tarjan's algorithm: every cycle lies inside one component of two or more files (or a self-import).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || next(v).includes(v)) components.push(comp);
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return components.map((comp) => {
    // Shortest way back to the component's first file, by breadth-first search inside it.
    const members = new Set(comp);
    const start = comp.sort()[0]!;
    const prev = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift()!;
      for (const w of next(v)) {
        if (!members.has(w) || prev.has(w)) continue;
        prev.set(w, v);
        if (w === start) queue.length = 0;
        else queue.push(w);
      }
    }
    // Walk back from the edge that closes the cycle: start → … → prev(start) → start.
    const path = [start];
    for (let v = prev.get(start)!; v !== start; v = prev.get(v)!) path.unshift(v);
    return [start, ...path].join(' → ');
  });
}

describe('architecture', () => {
  it('reads a real import graph', () => {
    // Guards the rules below against passing on an empty or unresolved graph.
    expect(graph.get('expr/compile.ts')).toContain('expr/parse.ts');
    expect(graph.get('engine/step-runner.ts')).toContain('engine/deadline.ts');
  });

  it('has no import cycle among the files of expr/', () => {
    const cycles = cyclesWithin('expr');
    expect(cycles, `import cycles in src/expr:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('keeps engine/ from importing report/ (the engine emits; reports render events)', () => {
    expect(crossings(['engine'], ['report'])).toEqual([]);
  });

  it('keeps report/ from importing steps/ or graph/ (a report renders from events alone)', () => {
    expect(crossings(['report'], ['steps', 'graph'])).toEqual([]);
  });

  it('keeps plan/ and expr/ from importing vitest/, report/ or session/', () => {
    expect(crossings(['plan', 'expr'], ['vitest', 'report', 'session'])).toEqual([]);
  });

  it('opens every source file of vitest-plugin-plans/src and cli/src with a header comment', () => {
    const files = [...tsFiles(SRC), ...tsFiles(CLI_SRC)].filter((f) => !f.endsWith('.test.ts'));
    const bare = files.filter((f) => !/^(\/\*|\/\/)/.test(readFileSync(f, 'utf8').split('\n', 1)[0]!));
    expect(bare.map((f) => relative(resolve(SRC, '../..'), f).split(sep).join('/')), 'files whose first line is not a comment').toEqual([]);
  });
});
