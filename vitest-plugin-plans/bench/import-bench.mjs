// Collection import bench. Prints figures; asserts nothing. Uses the compiled dist/
// (run `npx tsc -b` first).
// A Postman v2.1 collection of 2,000 requests (20 folders of 10 subfolders of 10
// requests; collection bearer auth and variables; raw JSON bodies with {{var}}; a
// test script of four statements each; a login request whose script sets the
// token every later request reads) is built in memory, then timed through what
// `runner import collection` does: importCollection, renderImportedPlanWithTree, and
// loading the printed plan's tree with loadPlanText (the command loads it before printing).
// The baseline, measured in the same run, is JSON.parse + JSON.stringify of the same
// collection text: the least any importer must do. The first round is cold (it
// loads postman-collection and compiles everything once); the median of the warm
// rounds is the steady figure. Target: the whole cold import under 2 s.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

const here = dirname(fileURLToPath(import.meta.url));
const importUrl = pathToFileURL(join(here, '../dist/import/index.js')).href;
const planUrl = pathToFileURL(join(here, '../dist/plan/index.js')).href;
const N = Number(process.env.IMPORT_BENCH_N ?? 2000);
const ROUNDS = Number(process.env.IMPORT_BENCH_ROUNDS ?? 5);

const test = (i) => [
  'pm.test("ok", function () {',
  '    pm.response.to.have.status(200);',
  `    pm.expect(pm.response.json().id).to.eql(${i});`,
  '    pm.response.to.have.header("Content-Type");',
  '});',
];

/** One request, export-shaped. */
function request(i) {
  return {
    name: `Item ${i}`,
    event: [{ listen: 'test', script: { exec: test(i), type: 'text/javascript' } }],
    request: {
      method: i % 2 ? 'POST' : 'GET',
      header: [{ key: 'Accept', value: 'application/json', type: 'text' }, { key: 'X-Tenant', value: '{{tenant}}', type: 'text' }],
      ...(i % 2 ? { body: { mode: 'raw', raw: `{\n  "id": ${i},\n  "name": "item {{tenant}}",\n  "tags": ["a", "b"]\n}`, options: { raw: { language: 'json' } } } } : {}),
      url: { raw: `{{baseUrl}}/items/${i}?v=1`, host: ['{{baseUrl}}'], path: ['items', String(i)], query: [{ key: 'v', value: '1' }] },
    },
    response: [],
  };
}

/** The collection's JSON text: a login request, then N - 1 requests in nested folders. */
export function collectionText(n = N) {
  const login = {
    name: 'Log in',
    event: [{ listen: 'test', script: { exec: ['var d = pm.response.json();', 'pm.environment.set("token", d.token);', 'pm.test("in", () => pm.response.to.have.status(200));'], type: 'text/javascript' } }],
    request: { auth: { type: 'noauth' }, method: 'POST', header: [], body: { mode: 'raw', raw: '{"user": "{{user}}"}', options: { raw: { language: 'json' } } }, url: '{{baseUrl}}/login' },
  };
  const folders = [];
  let i = 1;
  for (let f = 0; i < n; f++) {
    const subs = [];
    for (let s = 0; s < 10 && i < n; s++) {
      const items = [];
      for (let r = 0; r < 10 && i < n; r++) items.push(request(i++));
      subs.push({ name: `Sub ${s}`, item: items });
    }
    folders.push({ name: `Folder ${f}`, item: subs });
  }
  return JSON.stringify({
    info: { _postman_id: '00000000-0000-4000-8000-000000000000', name: 'Bench', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: [login, ...folders],
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] },
    variable: [{ key: 'baseUrl', value: 'http://127.0.0.1:8080' }, { key: 'tenant', value: 't-1' }, { key: 'user', value: 'ada' }, { key: 'token', value: '' }],
  }, null, '\t');
}

/** Process CPU time in ms: on a shared, loaded machine it drifts less than wall time. */
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

export default async function bench() {
  const text = collectionText();
  const t0 = performance.now();
  const imports = await import(importUrl);
  const { loadPlanText } = await import(planUrl);
  const importCollection = await imports.IMPORT_SOURCES.find((s) => s.name === 'collection').load();
  const moduleMs = performance.now() - t0;

  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const c0 = cpu();
    const b0 = performance.now();
    JSON.stringify(JSON.parse(text));
    const b1 = performance.now();
    const c1 = cpu();
    const report = importCollection({ text, file: 'bench.json', dir: here, args: [] });
    const b2 = performance.now();
    const { text: plan, tree } = imports.renderImportedPlanWithTree(report, 'bench.json');
    const b3 = performance.now();
    const loaded = loadPlanText(plan, join(here, 'imported.plan.yaml'), { cwd: here, environ: {}, tree });
    const b4 = performance.now();
    const c4 = cpu();
    if (!loaded.ok) throw new Error(`the imported plan does not load: ${loaded.errors.length} error(s)`);
    rounds.push({ baseline: b1 - b0, import: b2 - b1, render: b3 - b2, load: b4 - b3, total: b4 - b1, cpuBaseline: c1 - c0, cpuTotal: c4 - c1, tasks: report.plan.tasks.length, notTranslated: report.notTranslated.length, bytes: plan.length });
  }
  const cold = rounds[0];
  const warm = rounds.slice(1);
  const pick = (k) => (warm.length ? median(warm.map((x) => x[k])) : cold[k]);
  console.log(`collection: ${N} requests, ${(text.length / 1e6).toFixed(2)} MB of JSON; plan: ${cold.tasks} tasks, ${(cold.bytes / 1e6).toFixed(2)} MB of YAML, ${cold.notTranslated} not translated`);
  console.log(`modules loaded (import + plan): ${ms(moduleMs)}`);
  console.log(`cold  import ${ms(cold.import)}  render ${ms(cold.render)}  load ${ms(cold.load)}  total ${ms(cold.total)}  baseline ${ms(cold.baseline)}  ratio ${(cold.total / cold.baseline).toFixed(1)}x`);
  console.log(`warm  import ${ms(pick('import'))}  render ${ms(pick('render'))}  load ${ms(pick('load'))}  total ${ms(pick('total'))}  baseline ${ms(pick('baseline'))}  ratio ${(pick('total') / pick('baseline')).toFixed(1)}x  (median of ${warm.length})`);
  console.log(`cpu   cold total ${ms(cold.cpuTotal)} (baseline ${ms(cold.cpuBaseline)}); warm total ${ms(pick('cpuTotal'))} (baseline ${ms(pick('cpuBaseline'))}); load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`);
  console.log(`target: cold total (with module load) under 2000 ms: ${ms(cold.total + moduleMs)} ${cold.total + moduleMs < 2000 ? 'met' : 'MISSED'}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await bench();
