/**
 * REST Client, httpyac and JetBrains system variables (`{{$guid}}`,
 * `{{$timestamp}}`, `{{$randomInt 1 100}}`, `{{$dotenv X}}`,
 * `{{$processEnv X}}`, JetBrains' `{{$random.uuid}}`) as plan templates.
 * Plan templates read `env`, `run.id` and task results, and have no clock
 * or random source, so: a unique id becomes `run.id` (one ULID per run),
 * environment reads become `{ fromEnv: X, default: "" }` entries, a random
 * integer becomes its lower bound (a value the server accepts, said under
 * `added:`), and a timestamp becomes an env entry the user fills in, listed
 * as not translated because the plan cannot compute it.
 */
import { SECRET_NAME } from './results.js';

/** What a system variable needs from the variable translator. */
export interface SystemContext {
  fromEnv(name: string, variable: string, secret: boolean, why: string): string;
  once(key: string, list: 'added' | 'notTranslated', line: string): void;
}

/** Where the hole is (task and line for messages). */
interface Site {
  task: string;
  line: number;
}

const UNIQUE_IDS = new Set(['$guid', '$uuid', '$random.uuid', '$randomUUID']);
const CLOCKS = /^\$(timestamp|isoTimestamp|datetime|localDatetime)\b/;

/**
 * The template text for one system variable (`inner` is the hole without braces).
 * @example systemVariable(ctx, '$guid', '{{$guid}}', site) // '{{ run.id }}'
 */
export function systemVariable(ctx: SystemContext, inner: string, written: string, site: Site, deps?: string[]): string {
  const [name, ...args] = inner.split(/\s+/);
  if (UNIQUE_IDS.has(name!) && args.length === 0) {
    ctx.once(`uuid`, 'added', `${written} became {{ run.id }}: one ULID per run (not a UUID, and the same at every use in a run)`);
    return '{{ run.id }}';
  }
  const random = /^\$randomInt$/.test(name!) ? args : /^\$random\.integer\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)$/.exec(inner)?.slice(1);
  if (random && random.every((a) => /^-?\d+$/.test(a))) {
    const low = random[0] ?? '0';
    ctx.once(`random ${site.task} ${inner}`, 'added', `${site.task} (line ${site.line}): ${written} became ${low}, the lower bound: plan templates have no random numbers`);
    return low;
  }
  const clock = CLOCKS.exec(inner);
  if (clock) {
    const variable = clock[1]!.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
    const id = ctx.fromEnv(clock[1]!, variable, false, `stands for ${written}`);
    deps?.push(id);
    ctx.once(`clock ${site.task} ${inner}`, 'notTranslated', `${site.task} (line ${site.line}): ${written}: plan templates have no clock; the plan sends env.${id} instead (set $${variable} before the run)`);
    return `{{ env.${id} }}`;
  }
  if ((name === '$dotenv' || name === '$processEnv') && args.length === 1 && /^[A-Za-z_]\w*$/.test(args[0]!)) {
    const variable = args[0]!;
    const why = name === '$dotenv' ? `the file read it from .env with ${written}; the plan reads the process environment` : `the file reads ${written}`;
    const id = ctx.fromEnv(variable, variable, SECRET_NAME.test(variable), why);
    deps?.push(id);
    return `{{ env.${id} }}`;
  }
  ctx.once(`sys ${site.task} ${inner}`, 'notTranslated', `${site.task} (line ${site.line}): ${written}: no plan equivalent (sent as written)`);
  return written.replaceAll('{{', '{{ "{{" }}');
}
