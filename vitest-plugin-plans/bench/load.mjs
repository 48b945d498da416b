// Loader bench: load and compile a generated plan of 1,000 tasks with 5
// assertions each (target: under 500 ms), and `runner version` wall time as
// a whole process (target: under 150 ms). Prints figures; asserts nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = dirname(fileURLToPath(import.meta.url));
const TASKS = 1000;

function generate() {
  const lines = ['env:', '  base: http://127.0.0.1:8080', 'lifecycle: { strategy: unique }', 'tasks:'];
  for (let i = 0; i < TASKS; i++) {
    lines.push(`  - name: t${i}`);
    if (i > 0 && i % 10 !== 0) lines.push(`    needs: [t${i - 1}]`);
    lines.push('    steps:');
    lines.push('      - http:');
    lines.push(`          url: "{{ env.base }}/orders/${i}?run={{ run.id }}"`);
    lines.push('          headers: { accept: application/json }');
    lines.push('        assert:');
    lines.push('          - status == 200');
    lines.push(`          - body.id == ${i}`);
    lines.push('          - body.items all (.qty > 0)');
    lines.push('          - body.items count 3');
    lines.push('          - duration.ttfb < 200ms');
    lines.push('        results:');
    lines.push('          id: body.id');
  }
  return lines.join('\n') + '\n';
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export default async function bench() {
  const dir = mkdtempSync(join(tmpdir(), 'runner-bench-'));
  try {
    const file = join(dir, 'big.plan.yaml');
    writeFileSync(file, generate());
    const t0 = performance.now();
    const { loadPlan } = await import('../dist/index.js');
    const importMs = performance.now() - t0;
    const times = [];
    const cpus = [];
    let tasks = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      const r = loadPlan(file);
      const used = process.cpuUsage(c);
      cpus.push((used.user + used.system) / 1000);
      times.push(performance.now() - t);
      if (!r.ok) throw new Error(`bench plan did not load: ${r.errors[0]?.message}`);
      tasks = r.plan.tasks.length;
    }
    console.log(`load: ${tasks} tasks x 5 assertions: first ${times[0].toFixed(0)} ms, median of 5 ${median(times).toFixed(0)} ms (target < 500 ms); CPU first ${cpus[0].toFixed(0)} ms, median ${median(cpus).toFixed(0)} ms; engine import ${importMs.toFixed(0)} ms; load average ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const bin = join(here, '../../cli/bin/runner.js');
  const walls = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    execFileSync(process.execPath, [bin, 'version'], { stdio: 'ignore' });
    walls.push(performance.now() - t);
  }
  console.log(`runner version: median wall ${median(walls).toFixed(0)} ms over 7 runs, min ${Math.min(...walls).toFixed(0)} ms (target < 150 ms)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
