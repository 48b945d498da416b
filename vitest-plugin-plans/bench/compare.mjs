// Shared by the step-kind benches: warm both sides, then time a plain client
// loop and the same work as runner steps at --jobs 8, in this process, and
// print both rates and their ratio. Not a bench itself (run.mjs skips it).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineRun } from './run-bench.mjs';

/**
 * @param {object} o
 * @param {any} o.E the engine (dist/index.js)
 * @param {string} o.dir a temp dir for plans and logs
 * @param {number} o.n steps to time; o.warm steps to warm with
 * @param {number} o.warm
 * @param {(n: number) => string} o.planText
 * @param {(n: number) => Promise<{ ms: number, ok: number }>} o.plainLoop 8 in flight
 * @param {{ plain: string, runner: string, unit: string }} o.words
 */
export async function compareWithPlainLoop(o) {
  writeFileSync(join(o.dir, 'warm.yaml'), o.planText(o.warm));
  writeFileSync(join(o.dir, 'p.yaml'), o.planText(o.n));
  await o.plainLoop(o.warm);
  await engineRun(o.E, o.E.loadPlan(join(o.dir, 'warm.yaml')).plan, join(o.dir, 'warm.jsonl'));
  const plan = o.E.loadPlan(join(o.dir, 'p.yaml')).plan;
  const plain = await o.plainLoop(o.n);
  const run = await engineRun(o.E, plan, join(o.dir, 'ev.jsonl'));
  const plainRate = (o.n / plain.ms) * 1000;
  const runRate = (run.counts.passed / run.wallMs) * 1000;
  console.log(`${o.words.plain}, 8 in flight: ${o.n} in ${plain.ms.toFixed(0)} ms = ${plainRate.toFixed(0)} ${o.words.unit} (${plain.ok} checked ok)`);
  console.log(`${o.words.runner} --jobs 8 (events to a file): ${run.counts.passed} passed in ${run.wallMs.toFixed(0)} ms = ${runRate.toFixed(0)} ${o.words.unit}`);
  console.log(`runner / plain: ${((runRate / plainRate) * 100).toFixed(0)}% (target ≥ 50%)`);
}
