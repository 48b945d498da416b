#!/usr/bin/env node
// `npm run demo`: start a fresh evaluator (free port, new data directory, new
// keys), run every example plan with `runner run --jobs 8`, print the
// reports, stop the service. Exits 0 when every plan passed.
//
// Extra arguments go to `runner run`, e.g. `npm run demo -- --html report.html`
// (with more than one plan, each export path gets the plan's name).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planEnv, startEvaluator } from './start-evaluator.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNNER = join(ROOT, 'cli', 'bin', 'runner.js');
const started = performance.now();

const plans = readdirSync(join(ROOT, 'examples'))
  .filter((f) => f.endsWith('.plan.yaml'))
  // health first: the plan a newcomer reads first.
  .sort((a, b) => (a === 'health.plan.yaml' ? -1 : b === 'health.plan.yaml' ? 1 : a.localeCompare(b)))
  .map((f) => relative(ROOT, join(ROOT, 'examples', f)));

function withName(args, plan) {
  const name = plan.replace(/^.*\//, '').replace(/\.plan\.yaml$/, '');
  return args.map((a, i) => (i > 0 && ['--junit', '--tap', '--html', '--events'].includes(args[i - 1]) && a !== '-' && plans.length > 1 ? a.replace(/(\.[^./]+)?$/, `.${name}$1`) : a));
}

const ev = await startEvaluator();
console.log(`evaluator ${ev.url} (data ${ev.data})\n`);
let worst = 0;
try {
  for (const plan of plans) {
    const code = await new Promise((resolve) => {
      const child = spawn(process.execPath, [RUNNER, 'run', '--jobs', '8', ...withName(process.argv.slice(2), plan), plan], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, ...planEnv(ev) },
      });
      child.on('exit', (c, sig) => resolve(c ?? (sig ? 1 : 0)));
    });
    worst = Math.max(worst, code);
    console.log('');
  }
} finally {
  await ev.stop();
}
console.log(`demo: ${plans.length} plans, exit ${worst}, ${((performance.now() - started) / 1000).toFixed(1)}s`);
process.exit(worst);
