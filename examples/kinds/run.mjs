#!/usr/bin/env node
// `node examples/kinds/run.mjs [plan…]`: starts the example servers, runs the
// step-kind example plans (all of them by default) with `runner run`, stops
// the servers, and exits with the worst exit code. Extra runner flags go after
// `--`, e.g. `node examples/kinds/run.mjs -- --html kinds.html`.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startKindServers } from './servers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const plans = (dash < 0 ? argv : argv.slice(0, dash)).map((p) => join(process.cwd(), p));
const flags = dash < 0 ? [] : argv.slice(dash + 1);
const wanted = plans.length ? plans : ['ws.plan.yaml', 'grpc.plan.yaml', 'wait-for.plan.yaml', 'exec.plan.yaml', 'script.plan.yaml', 'sql.plan.yaml', 'fixture.plan.yaml'].map((f) => join(here, f));

const servers = await startKindServers();
let worst = 0;
try {
  for (const plan of wanted) {
    // The servers live in this process: the runner must run beside them, never block them.
    const child = spawn(process.execPath, [join(here, '../../cli/bin/runner.js'), 'run', '--jobs', '4', ...flags, plan], { stdio: 'inherit', env: { ...process.env, ...servers.env } });
    const code = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
    worst = Math.max(worst, code);
  }
} finally {
  await servers.stop();
}
process.exit(worst);
