// sql step bench. Prints figures; asserts nothing. Uses the compiled dist/ (run `npx tsc -b` first).
// 1. SQLite: 1,000 tasks of one sql step (a keyed select, 2 assertions) at --jobs 8, beside a plain
//    better-sqlite3 loop making the same query on a read-only connection and checking the same
//    things (synchronous: one query at a time is all better-sqlite3 does). Target: ≥ 50% of its queries/s.
// 2. PostgreSQL (TEST_DATABASE_URL; skipped with a line without it): the same steps beside a plain
//    `pg` pool loop with 8 clients. The runner's step is BEGIN READ ONLY, the query, ROLLBACK (three
//    round trips); the plain loop sends the query alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { compareWithPlainLoop } from './compare.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const engineUrl = pathToFileURL(join(here, '../dist/index.js')).href;
const ROWS = 1000;

function planText(url, placeholder, n) {
  const lines = ['tasks:'];
  for (let i = 0; i < n; i++) {
    const id = (i % ROWS) + 1;
    lines.push(`  - name: t${i}`, '    steps:', `      - sql: { url: "${url}", query: "select id, name from items where id = ${placeholder}", params: [${id}] }`, '        assert:', '          - rows count 1', `          - rows[0].id == ${id}`);
  }
  return lines.join('\n') + '\n';
}

function sqliteLoop(file, n) {
  const db = new Database(file, { readonly: true });
  const stmt = db.prepare('select id, name from items where id = ?');
  let ok = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const id = (i % ROWS) + 1;
    const rows = stmt.all(id);
    if (rows.length === 1 && rows[0].id === id) ok++;
  }
  const ms = performance.now() - t0;
  db.close();
  return { ms, ok };
}

async function pgLoop(url, table, n, inFlight) {
  const pool = new pg.Pool({ connectionString: url, max: inFlight });
  let next = 0;
  let ok = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (next < n) {
      const id = (next++ % ROWS) + 1;
      const r = await pool.query(`select id, name from ${table} where id = $1`, [id]);
      if (r.rows.length === 1 && Number(r.rows[0].id) === id) ok++;
    }
  }));
  const ms = performance.now() - t0;
  await pool.end();
  return { ms, ok };
}

export default async function bench() {
  const E = await import(engineUrl);
  const dir = mkdtempSync(join(tmpdir(), 'runner-sql-bench-'));
  try {
    const file = join(dir, 'bench.db');
    const db = new Database(file);
    db.exec('create table items (id integer primary key, name text)');
    const insert = db.prepare('insert into items values (?, ?)');
    db.transaction(() => { for (let i = 1; i <= ROWS; i++) insert.run(i, `item ${i}`); })();
    db.close();
    await compareWithPlainLoop({
      E, dir, n: 1000, warm: 200,
      planText: (n) => planText(`sqlite:${file}`, '?', n),
      plainLoop: async (n) => sqliteLoop(file, n),
      words: { plain: 'plain better-sqlite3 loop (synchronous, one read-only connection)', runner: 'runner sql steps on SQLite', unit: 'queries/s' },
    });

    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      console.log('PostgreSQL: skipped (TEST_DATABASE_URL is not set)');
      return;
    }
    const table = `zz_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create table ${table} (id bigint primary key, name text)`);
    await admin.query(`insert into ${table} select g, 'item ' || g from generate_series(1, ${ROWS}) g`);
    try {
      await compareWithPlainLoop({
        E, dir, n: 1000, warm: 200,
        planText: (n) => planText(url, '$1', n).replaceAll(' from items ', ` from ${table} `),
        plainLoop: (n) => pgLoop(url, table, n, 8),
        words: { plain: 'plain pg pool loop (8 clients, the query alone)', runner: 'runner sql steps on PostgreSQL', unit: 'queries/s' },
      });
    } finally {
      await admin.query(`drop table if exists ${table}`);
      await admin.end();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await bench();
