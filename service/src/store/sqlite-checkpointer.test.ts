import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from './sqlite-checkpointer.js';

const root = mkdtempSync(join(tmpdir(), 'evaluator-checkpoint-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function until(cond: () => boolean, ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return cond();
}

describe('startCheckpointer', () => {
  it('copies the WAL into the database file in its own thread once enough commits are noted', async () => {
    const file = join(root, 'cp.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0'); // only the checkpointer copies pages
    db.exec('CREATE TABLE t (v TEXT)');
    const cp = startCheckpointer(file, 10);
    try {
      const ins = db.prepare('INSERT INTO t VALUES (?)');
      const before = statSync(file).size;
      for (let i = 0; i < 9; i++) {
        ins.run('x'.repeat(4000));
        cp.noteCommit();
      }
      await new Promise((r) => setTimeout(r, 200));
      // Nine commits: not yet asked, the rows live only in the WAL.
      expect(statSync(file).size).toBe(before);
      ins.run('x'.repeat(4000));
      cp.noteCommit();
      expect(await until(() => statSync(file).size > before + 9 * 4000)).toBe(true);
    } finally {
      await cp.stop();
      await cp.stop(); // idempotent
      db.close();
    }
  });
});
