#!/usr/bin/env node
// Bench dispatcher: `node bench/run.mjs [name…]` runs bench/<name>.mjs (all
// of them when no name is given). Each bench prints its figures; none of
// them is a timed test. Benches import the compiled dist/ (run `npx tsc -b` first).
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const all = readdirSync(here).filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && f !== 'compare.mjs').map((f) => f.slice(0, -4)).sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length) {
  console.error(`bench: no bench named ${unknown.join(', ')}; have ${all.join(', ')}`);
  process.exit(64);
}
for (const name of wanted.length ? wanted : all) {
  console.log(`# ${name}`);
  const mod = await import(pathToFileURL(join(here, `${name}.mjs`)).href);
  if (typeof mod.default === 'function') await mod.default();
}
