/**
 * `evaluator keys create|revoke|list`: key administration against the same store as `serve`
 * (`--data` / `--database-url`, or DATA_DIR / DATABASE_URL).
 */
import { parseArgs } from 'node:util';
import { isServiceFault } from '../errors.js';

const USAGE = `usage: evaluator keys create --account NAME [--plan NAME] [--cpu-quota-ms N]
       evaluator keys revoke KEY|KEY_ID
       evaluator keys list
  each also takes [--data DIR] [--database-url URL] (or DATA_DIR, DATABASE_URL)
`;

class UsageError extends Error {}

type Parsed = ReturnType<typeof parse>;

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        account: { type: 'string' },
        plan: { type: 'string' },
        'cpu-quota-ms': { type: 'string' },
        data: { type: 'string' },
        'database-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

async function run(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals }: Parsed = parse(argv);
  const [sub, ...rest] = positionals;
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (sub !== 'create' && sub !== 'revoke' && sub !== 'list') {
    throw new UsageError(sub === undefined ? 'missing subcommand' : `unknown subcommand "${sub}"; expected create, revoke or list`);
  }
  if (sub === 'create') {
    if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"`);
    if (!values.account) throw new UsageError('keys create needs --account NAME');
  } else if (sub === 'revoke') {
    if (rest.length !== 1) throw new UsageError('keys revoke needs exactly one KEY or key id');
  } else if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"`);
  let cpuQuotaMs: number | undefined;
  if (values['cpu-quota-ms'] !== undefined) {
    const raw = values['cpu-quota-ms'];
    cpuQuotaMs = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(cpuQuotaMs)) throw new UsageError(`--cpu-quota-ms must be an integer >= 0, got ${JSON.stringify(raw)}`);
  }

  const { createStore } = await import('../store/index.js');
  const store = await createStore({
    dataDir: values.data ?? (process.env.DATA_DIR || undefined),
    databaseUrl: values['database-url'] ?? (process.env.DATABASE_URL || undefined),
  });
  try {
    if (sub === 'create') {
      const k = await store.createKey({ account: values.account!, plan: values.plan, cpuQuotaMs });
      out(`account ${k.account} (${k.accountId}) plan ${k.plan}, cpu quota ${k.cpuQuotaMs} ms/month\n`);
      out(`key id ${k.keyId}; the key is shown only now:\n`);
      out(`${k.key}\n`);
      return 0;
    }
    if (sub === 'revoke') {
      const ok = await store.revokeKey(rest[0]!);
      if (!ok) {
        process.stderr.write('evaluator keys revoke: no such valid key (unknown or already revoked)\n');
        return 1;
      }
      out('revoked\n');
      return 0;
    }
    const accounts = await store.listAccounts();
    if (accounts.length === 0) out('no accounts\n');
    for (const a of accounts) {
      out(`${a.account}\t${a.accountId}\tplan=${a.plan}\tcpu_quota_ms=${a.cpuQuotaMs}\n`);
      for (const k of a.keys) out(`  ${k.keyId}\tcreated ${k.createdAt}\t${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}\n`);
    }
    return 0;
  } finally {
    await store.close();
  }
}

/** Runs `keys …`; resolves with the exit code. */
export async function keysCommand(argv: string[]): Promise<number> {
  try {
    return await run(argv, (s) => process.stdout.write(s));
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`evaluator keys: ${e.message}\n${USAGE}`);
      return 64;
    }
    if (isServiceFault(e, 'invalid_argument') || isServiceFault(e, 'invalid_config')) {
      process.stderr.write(`evaluator keys: ${e.message}\n`);
      return 64;
    }
    if (isServiceFault(e)) {
      process.stderr.write(`evaluator keys: ${e.code}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}
