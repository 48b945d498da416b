/**
 * What every importer returns: the plan as YAML-ready data, and the two lists
 * the spec asks for on stderr (plan-runner.md §4 "runner import"): what the
 * importer invented (`added:`) and what it could not translate
 * (`not translated:`). One shape, so the command and the writer never switch
 * on the source format.
 */

/** An `env` entry: a literal, or read from the process environment (secrets). */
export type EnvEntry = string | number | boolean | { fromEnv: string; default?: string; secret?: boolean };

/** One step, in the plan's YAML shape (`{ http: {...}, assert: [...] }`). */
export type StepDoc = Record<string, unknown>;

/** One task, in the plan's YAML shape. Key order is the printed order. */
export interface TaskDoc {
  name: string;
  needs?: string[];
  steps: StepDoc[];
  [key: string]: unknown;
}

/** The imported plan's data. */
export interface PlanDoc {
  env?: Record<string, EnvEntry>;
  tasks: TaskDoc[];
}

/** An importer's answer. */
export interface ImportReport {
  plan: PlanDoc;
  /** What the importer invented, one line each (printed as `added: <line>`). */
  added: string[];
  /** What it left out, one line each (printed as `not translated: <line>`, and listed at the plan's end). */
  notTranslated: string[];
}

/** What an importer reads. */
export interface ImportInput {
  /** The input file's text (empty for `commandline`). */
  text: string;
  /** The input file as given on the command line (`commandline` for a command line). */
  file: string;
  /** Absolute path of the input file's folder (the working directory for `commandline`). */
  dir: string;
  /** The arguments after `--` (`commandline` only). */
  args: string[];
}

/**
 * The input cannot be read or parsed: `runner import: <message>`, exit 64.
 * Thrown by importers; anything else thrown is a bug.
 */
export class ImportInputError extends Error {
  override name = 'ImportInputError';
}

/** An importer: pure, given the input's text (it may read files the input names, relative to `dir`). */
export type Importer = (input: ImportInput) => ImportReport;
