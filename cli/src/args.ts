/**
 * Flag parsing shared by every command. Flags may come before or after the
 * positional arguments; `--name=value` and `--name value` both work; `--`
 * ends the flags (what follows is passed through in `rest`).
 */
import { closest } from './suggest.js';

/** One flag of a command. */
export interface FlagSpec {
  /** `--graph`. */
  name: string;
  /** `bool` takes no value; `string` takes one. */
  kind: 'bool' | 'string';
  /** May be given more than once (values collect in order). */
  repeatable?: boolean;
  /** Value placeholder in the help: `<task>`. */
  metavar?: string;
  help: string;
}

/** What a command accepts. */
export interface CommandSpec {
  name: string;
  /** One line for the top-level usage. */
  summary: string;
  /** The synopsis after `usage: runner `: `plan [flags] <plan>`. */
  synopsis: string;
  /** Longer description lines (optional). */
  description?: string[];
  flags: FlagSpec[];
  /** Positional argument count bounds and what to call them in messages. */
  args: { min: number; max: number; what: string };
  /** True when arguments after `--` are accepted. */
  passthrough?: boolean;
}

/** Parsed command line of one command. */
export interface ParsedArgs {
  positional: string[];
  /** Arguments after `--`. */
  rest: string[];
  help: boolean;
  has(name: string): boolean;
  value(name: string): string | undefined;
  values(name: string): string[];
}

/** A usage error: message, then the `--help` hint. */
export interface UsageError {
  message: string;
}

/** Parses argv for a command. */
export function parseArgs(spec: CommandSpec, argv: string[]): ParsedArgs | UsageError {
  const flags = new Map<string, string[]>();
  const positional: string[] = [];
  let rest: string[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      // `--` ends the flags: what follows is passed through (import commandline)
      // or, for the other commands, positional (`runner plan -- -odd-name.yaml`).
      if (spec.passthrough) rest = argv.slice(i + 1);
      else positional.push(...argv.slice(i + 1));
      break;
    }
    if (a === '-h' || a === '--help') {
      help = true;
      continue;
    }
    if (a.startsWith('-') && a !== '-') {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(0, eq) : a;
      const f = spec.flags.find((x) => x.name === name);
      if (!f) {
        const hint = closest(name, [...spec.flags.map((x) => x.name), '--help']);
        return { message: `unknown flag ${name}${hint ? ` (did you mean ${hint}?)` : ''}` };
      }
      let v: string;
      if (f.kind === 'bool') {
        if (eq > 0) return { message: `${name} takes no value` };
        v = 'true';
      } else if (eq > 0) v = a.slice(eq + 1);
      else {
        const next = argv[i + 1];
        if (next === undefined) return { message: `${name} needs a value${f.metavar ? ` (${name} ${f.metavar})` : ''}` };
        v = next;
        i++;
      }
      const list = flags.get(name) ?? [];
      if (list.length > 0 && !f.repeatable) return { message: `${name} given twice` };
      list.push(v);
      flags.set(name, list);
      continue;
    }
    positional.push(a);
  }
  if (!help) {
    const n = positional.length;
    const { min, max, what } = spec.args;
    if (n < min || n > max) {
      const want = max === 0 ? 'no arguments' : min === max ? `${min === 1 ? 'one' : min} ${what}` : `${min} to ${max} ${what}`;
      return { message: `takes ${want}, got ${n === 0 ? 'none' : n === 1 ? `1 (${positional[0]})` : `${n} (${positional.join(' ')})`}` };
    }
  }
  return {
    positional, rest, help,
    has: (n) => flags.has(n),
    value: (n) => flags.get(n)?.[0],
    values: (n) => flags.get(n) ?? [],
  };
}

/** True when parseArgs failed. */
export function isUsageError(x: ParsedArgs | UsageError): x is UsageError {
  return 'message' in x;
}

/** The help text of a command. */
export function commandHelp(spec: CommandSpec): string[] {
  const out = [`usage: runner ${spec.synopsis}`, ''];
  if (spec.description) out.push(...spec.description, '');
  else out.push(spec.summary.charAt(0).toUpperCase() + spec.summary.slice(1) + '.', '');
  const rows = [...spec.flags.map((f) => [`${f.name}${f.metavar ? ' ' + f.metavar : ''}`, f.help + (f.repeatable ? '; repeatable' : '')]), ['-h, --help', 'print this help']];
  const w = Math.max(...rows.map((r) => r[0]!.length));
  out.push('flags:');
  for (const [a, b] of rows) out.push(`  ${a!.padEnd(w)}  ${b}`);
  return out;
}
