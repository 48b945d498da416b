/**
 * The plan-time role warning (spec §4 "runner plan" rule 2) against real
 * databases: a superuser and a role limited to SELECT on PostgreSQL and
 * MariaDB, a writable SQLite file, an unreachable database, a URL known only
 * during the run; and `runner plan` printing them on stderr without changing
 * the exit code, even under --strict.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run as planCommand } from '../../../../cli/src/commands/plan.js';
import { memoryIo } from '../../../../cli/src/io.js';
import { parseArgs, isUsageError } from '../../../../cli/src/args.js';
import { spec as planSpec } from '../../../../cli/src/commands/plan.js';
import { MY_URL, PG_URL, myQuery, pgQuery, planDir, runner, uniq } from './db.test-utils.js';
import { checkSqlRole, grantPrivileges } from './role.js';

const HONEST = 'a read-only role keeps sql steps honest';

/** The URL with another user and password. */
function as(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}

describe('grant lines', () => {
  it.each([
    ['GRANT SELECT, INSERT (`a`, `b`), UPDATE ON `test`.`t` TO `u`@`%`', ['SELECT', 'INSERT (`a`, `b`)', 'UPDATE'], '`test`.`t`'],
    ['GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION', ['ALL PRIVILEGES'], '*.*'],
  ])('%s', (line, privileges, on) => {
    expect(grantPrivileges(line)).toEqual({ privileges, on });
  });
  it('a role grant has no ON', () => expect(grantPrivileges('GRANT `r` TO `u`@`%`')).toBeNull());
});

describe.skipIf(!PG_URL)('role warning on PostgreSQL', () => {
  it('warns for a superuser, naming the role and why, without the password', async () => {
    const w = await checkSqlRole(as(PG_URL!, new URL(PG_URL!).username || 'postgres', 'pw'), '/');
    expect(w).toMatch(/^sql at postgres:\/\/\w+@[^ ]+: role \w+ can write \(superuser\); a read-only role keeps sql steps honest$/);
    expect(w).not.toContain(':pw@');
  });

  it('is silent for a role limited to SELECT, and names the table once it may INSERT', async () => {
    const role = uniq('ro');
    const table = uniq('t');
    await pgQuery(`CREATE TABLE ${table} (a int)`);
    await pgQuery(`CREATE ROLE ${role} LOGIN PASSWORD 'pw'`);
    try {
      await pgQuery(`GRANT SELECT ON ${table} TO ${role}`);
      const url = as(PG_URL!, role, 'pw');
      expect(await checkSqlRole(url, '/')).toBeUndefined();
      await pgQuery(`GRANT INSERT ON ${table} TO ${role}`);
      expect(await checkSqlRole(url, '/')).toBe(`sql at ${as(PG_URL!, role, '')}: role ${role} can write (INSERT on public.${table}); ${HONEST}`);
    } finally {
      await pgQuery(`DROP TABLE ${table}`);
      await pgQuery(`DROP ROLE ${role}`);
    }
  });
});

describe.skipIf(!MY_URL)('role warning on MariaDB', () => {
  it('warns for a user with ALL PRIVILEGES (SHOW GRANTS)', async () => {
    expect(await checkSqlRole(MY_URL!, '/')).toMatch(/: role \S+ can write \(ALL PRIVILEGES on \*\.\*\); a read-only role keeps sql steps honest$/);
  });

  it('is silent for a user limited to SELECT, and names the grant once it may DELETE', async () => {
    const user = uniq('ro').slice(0, 30);
    const db = new URL(MY_URL!).pathname.slice(1) || 'test';
    await myQuery(`CREATE USER '${user}'@'%' IDENTIFIED BY 'pw'; CREATE USER '${user}'@'localhost' IDENTIFIED BY 'pw'`);
    try {
      await myQuery(`GRANT SELECT ON \`${db}\`.* TO '${user}'@'%'; GRANT SELECT ON \`${db}\`.* TO '${user}'@'localhost'`);
      const url = as(MY_URL!, user, 'pw');
      expect(await checkSqlRole(url, '/')).toBeUndefined();
      await myQuery(`GRANT DELETE ON \`${db}\`.* TO '${user}'@'%'; GRANT DELETE ON \`${db}\`.* TO '${user}'@'localhost'`);
      expect(await checkSqlRole(url, '/')).toMatch(new RegExp(`role ${user}@\\S+ can write \\(DELETE on ${db}\\.\\*\\)`));
    } finally {
      await myQuery(`DROP USER '${user}'@'%'; DROP USER '${user}'@'localhost'`);
    }
  });
});

describe('role warning on SQLite and bad URLs', () => {
  it('warns when the file is writable by this user; a read-only file is silent (unless root, who writes anything)', async () => {
    const p = planDir('');
    try {
      writeFileSync(join(p.dir, 'a.db'), '');
      expect(await checkSqlRole('sqlite:a.db', p.dir)).toMatch(/^sql at sqlite:a\.db: role \S+ can write \(the file .*a\.db is writable by this user\); a read-only role keeps sql steps honest$/);
      chmodSync(join(p.dir, 'a.db'), 0o444);
      if (process.getuid?.() !== 0) expect(await checkSqlRole('sqlite:a.db', p.dir)).toBeUndefined();
      expect(await checkSqlRole('sqlite:none.db', p.dir)).toMatch(/role not checked: no database file at .*none\.db yet/);
    } finally {
      p.done();
    }
  });

  it('an unreachable database and an unknown scheme are warnings naming the URL', async () => {
    expect(await checkSqlRole('postgres://app:pw@127.0.0.1:1/x', '/')).toBe('sql at postgres://app@127.0.0.1:1/x: role not checked: cannot connect or query (connect ECONNREFUSED 127.0.0.1:1)');
    expect(await checkSqlRole('redis://127.0.0.1/0', '/')).toContain('role not checked: unknown database URL scheme "redis:"');
  });
});

describe('runner plan prints the warnings', () => {
  const text = (db: string) => `env:
  db: "${db}"
tasks:
  - name: a
    steps:
      - sql: { url: "{{ env.db }}", query: "select 1 as one" }
        assert:
          - rows[0].one == 1
        results:
          db: rows[0].one
      - sql: { url: "sqlite:x.db", query: "select 1 as one" }
        assert:
          - rows[0].one == 1
  - name: b
    steps:
      - sql: { url: "{{ env.db }}", query: "select 2 as two" }
        assert:
          - rows[0].two == 2
      - sql: { url: "postgres://u@h/{{ tasks.a.results.db }}", query: "select 1" }
        assert:
          - rows count 1
`;

  it('one line per distinct URL on stderr; exit 0 even under --strict', async () => {
    const p = planDir(text('postgres://app:pw@127.0.0.1:1/test'));
    try {
      writeFileSync(join(p.dir, 'x.db'), '');
      const r = await runner(['plan', '--strict', p.plan], p.dir);
      expect(r.exit).toBe(0);
      expect(r.stdout).toContain('ok: 2 tasks');
      const warnings = r.stderr.split('\n').filter((l) => l.startsWith('warning: sql at'));
      expect(warnings).toEqual([
        'warning: sql at postgres://app@127.0.0.1:1/test: role not checked: cannot connect or query (connect ECONNREFUSED 127.0.0.1:1)',
        expect.stringMatching(/^warning: sql at sqlite:x\.db: role \S+ can write \(the file .*x\.db is writable by this user\); a read-only role keeps sql steps honest$/),
        'warning: sql at postgres://u@h/{{ tasks.a.results.db }}: role not checked: it reads tasks.a.results.db, known only during the run',
      ]);
      expect(r.stderr).not.toContain('pw@');
    } finally {
      p.done();
    }
  });

  it('PlanHooks.checkSqlRole replaces the check and receives the URL run would open (RUNNER_ENV_* applied) and the plan directory', async () => {
    const p = planDir(text('postgres://app@plan.example/test'));
    try {
      const seen: string[] = [];
      const io = memoryIo(p.dir, { RUNNER_ENV_DB: 'postgres://app@db.example/test' });
      const args = parseArgs(planSpec, [p.plan]);
      if (isUsageError(args)) throw new Error(args.message);
      const exit = await planCommand(args, io, { checkSqlRole: async (url, dir) => (seen.push(`${url} ${dir === p.dir}`), `checked ${url}`) });
      expect(exit).toBe(0);
      expect(seen).toEqual(['postgres://app@db.example/test true', 'sqlite:x.db true']);
      expect(io.stderr).toContain('warning: checked sqlite:x.db');
    } finally {
      p.done();
    }
  });
});
