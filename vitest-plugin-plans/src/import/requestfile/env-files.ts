/**
 * JetBrains and httpyac environment files beside a request file
 * (`http-client.env.json`, and `http-client.private.env.json` for secrets):
 * where the values of `{{variables}}` the file uses but does not define
 * usually live. One environment is imported (`dev`, else the first), the
 * way the IDE preselects one; private values are never copied, only named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Values of the imported environment. */
export interface EnvFileValues {
  /** `http-client.env.json (environment dev)`, for messages. */
  label: string;
  /** Public values by variable name. */
  values: Map<string, string>;
  /** Names the private file defines: secrets, read from the process environment. */
  privateNames: Set<string>;
  /** Why an environment file was not read, for `not translated:`. */
  problems: string[];
}

const PUBLIC = 'http-client.env.json';
const PRIVATE = 'http-client.private.env.json';

/**
 * Reads the environment files in `dir`; undefined when there are none.
 * @example readEnvFiles('/work/api')?.values.get('host') // 'http://localhost:8080'
 */
export function readEnvFiles(dir: string): EnvFileValues | undefined {
  const pub = readJson(join(dir, PUBLIC));
  const priv = readJson(join(dir, PRIVATE));
  if (pub === undefined && priv === undefined) return undefined;
  const problems: string[] = [];
  for (const [f, r] of [[PUBLIC, pub], [PRIVATE, priv]] as const) if (typeof r === 'string') problems.push(`${f}: ${r}; its variables were not read`);
  const envs = (r: unknown) => (r && typeof r === 'object' ? (r as Record<string, unknown>) : {});
  const names = Object.keys(envs(pub)).filter((k) => k !== '$shared');
  const chosen = names.includes('dev') ? 'dev' : (names[0] ?? Object.keys(envs(priv)).find((k) => k !== '$shared'));
  const values = new Map<string, string>();
  for (const scope of ['$shared', chosen]) {
    const vars = scope === undefined ? undefined : envs(pub)[scope];
    if (vars && typeof vars === 'object')
      for (const [k, v] of Object.entries(vars)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values.set(k, String(v));
  }
  const privateNames = new Set<string>();
  for (const scope of ['$shared', chosen]) {
    const vars = scope === undefined ? undefined : envs(priv)[scope];
    if (vars && typeof vars === 'object') for (const k of Object.keys(vars)) privateNames.add(k);
  }
  const others = names.filter((n) => n !== chosen);
  const label = `${PUBLIC}${chosen ? ` (environment ${chosen}${others.length ? `; not imported: ${others.join(', ')}` : ''})` : ''}`;
  return { label, values, privateNames, problems };
}

/** The parsed file, undefined when absent, or why it did not parse. */
function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? v : 'not a JSON object of environments';
  } catch (e) {
    return `not valid JSON (${(e as Error).message})`;
  }
}
