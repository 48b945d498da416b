/**
 * The loaded-plan model: what `loadPlan` produces from a plan file once every
 * template, assertion, result, guard, query and named file has compiled.
 *
 * Everything here is plain data (plus the opaque compiled expressions of
 * `src/expr/`), so the engine, the `plan` command and the Vitest adapter read
 * the same values. Nothing here does I/O.
 *
 * Plan paths (`path` fields) use one notation throughout, documented in
 * docs/plan-format.md: keys joined by `.`, sequence items by a 0-based
 * `[i]`, and a key that is not an identifier quoted as `["x-key"]`:
 * `tasks[0].steps[1].http.headers.authorization`, `finally[0].when`,
 * `env.base`, `lifecycle.reset[0].fixture.rows`.
 */

/** Where a value came from in the plan (or in a file the plan names). */
export interface Span {
  /** Plan file path as given on the command line (or the named file's path). */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column of the node's first character, when known. */
  column?: number;
}

/** A plan path such as `tasks[0].steps[1].http.url` (see the module doc). */
export type PlanPath = string;

/** Severity of a diagnostic produced while loading. */
export type Severity = 'error' | 'warning' | 'advice';

/**
 * A problem in the user's input: a value, never an exception. Rendered in one
 * place (`renderDiagnostic` in plan/diagnostics.ts) as
 * `<file>:<line>: <path>: <message>` and, for expressions,
 * `<file>:<line>: <path>: column N: <message>: <expression>`.
 */
export interface Diagnostic {
  /** Stable machine-readable type, e.g. `yaml`, `schema`, `expr`, `graphql`, `ref`, `cycle`, `lint.all-empty`. */
  type: string;
  severity: Severity;
  span: Span;
  path: PlanPath;
  message: string;
  /** For expression diagnostics: the 1-based column inside the expression. */
  column?: number;
  /** For expression diagnostics: the expression as written. */
  expression?: string;
}

/** Compiled expression role, as the expr compiler knows it. */
export type ExprRole = 'assert' | 'result' | 'guard' | 'template';

/** A `tasks.<task>.results.<key>` reference found in an expression. */
export interface ResultRef {
  task: string;
  key: string;
  /** 1-based column in the expression source. */
  column: number;
}

/**
 * An expression compiled at load by `src/expr/`, with its source and where it
 * sits in the plan. `compiled` is the expr package's opaque compiled form; the
 * engine hands it back to the expr evaluator.
 */
export interface CompiledExpr {
  source: string;
  role: ExprRole;
  span: Span;
  path: PlanPath;
  /** The expr package's compiled expression (evaluate with src/expr). */
  compiled: unknown;
  /** `tasks.<t>.results.<k>` references, in source order. */
  resultRefs: ResultRef[];
  /** True when the expression mentions `run.id`. */
  mentionsRunId: boolean;
  /** Paths an assertion reads (for `--strict-paths` and `plan --explain`). */
  paths: string[];
}

/** A compiled assertion; `auto` marks one the loader added (graphql, grpc, expect). */
export interface CompiledAssertion extends CompiledExpr {
  role: 'assert';
  /** 1-based position in the step's `assert:` list; 0 for automatic ones. */
  number: number;
  auto: boolean;
}

/**
 * A templated string: literal text and `{{ expr }}` holes. A string with no
 * hole is a single literal part. Holes may read `env`, `run`, `tasks` and,
 * in a matrix task, `matrix` (bound to the task's `matrixRow.values`).
 */
export interface Template {
  source: string;
  span: Span;
  path: PlanPath;
  parts: TemplatePart[];
}

/** One part of a template. */
export type TemplatePart = { kind: 'text'; text: string } | { kind: 'expr'; expr: CompiledExpr };

/**
 * A JSON-like value whose strings are templates. Numbers keep the text they
 * were written with (`10.10` stays `10.10`), since numbers are sent as written.
 */
export type JsonTemplate =
  | { kind: 'null' }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'number'; text: string }
  | { kind: 'string'; template: Template }
  | { kind: 'array'; items: JsonTemplate[] }
  | { kind: 'object'; entries: Array<[string, JsonTemplate]> };

/** A header or env-like name → templated value pair, in plan order. */
export interface NamedTemplate {
  name: string;
  value: Template;
}

/** A file the plan names, read once at load (literal path, relative to the plan, 8 MiB cap). */
export interface LoadedFile {
  /** The path as written in the plan. */
  path: string;
  /** Absolute path that was read. */
  resolved: string;
  /** The bytes read at load: the bytes sent. */
  bytes: Uint8Array;
}

/**
 * A step kind's name (`http`, `ws`, …). The kinds are the modules listed in
 * `steps/registry.ts`; the request type of each lives in its folder.
 */
export type StepKind = string;

/** A step result declaration: `key: <expr>` or `key: { secret: <expr> }`. */
export interface ResultDecl {
  key: string;
  expr: CompiledExpr;
  secret: boolean;
}

/** `repeat:` (http only). */
export interface RepeatSpec {
  count: number;
  mode: 'serial' | 'parallel';
}

/** `retry:`: re-send until the assertions hold. */
export interface RetrySpec {
  attempts: number;
  delayMs: number;
}

/** A step, with its kind's typed request (`R` is the request type of `steps/<kind>/`). */
export interface StepOf<R = unknown> {
  kind: StepKind;
  /** 1-based position in its task. */
  number: number;
  name?: string;
  span: Span;
  path: PlanPath;
  /** Span of the kind key (`graphql:` line: where automatic assertions report). */
  kindSpan: Span;
  request: R;
  /** Written assertions first, then automatic ones. */
  assertions: CompiledAssertion[];
  /** `optional:` entries, normalised (spaces dropped, header names lower-cased). */
  optional: string[];
  results: ResultDecl[];
  retry?: RetrySpec;
  repeat?: RepeatSpec;
}

/** Any step (the request is read through its kind's module). */
export type Step = StepOf<unknown>;

/** Resource mode. */
export type ClaimMode = 'shared' | 'exclusive';

/** A declared resource. */
export interface Resource {
  name: string;
  defaultMode: ClaimMode;
  span: Span;
  path: PlanPath;
}

/** A task's claim on a resource. */
export interface Claim {
  resource: string;
  mode: ClaimMode;
  /** True when the plan wrote the mode (else the resource's default). */
  explicitMode: boolean;
  span: Span;
  path: PlanPath;
}

/** Edge kinds, as printed by `plan --graph`. */
export type EdgeKind = 'explicit' | 'derived:template' | 'derived:when';

/** A dependency edge: `to` needs `from`. */
export interface Edge {
  from: string;
  to: string;
  kind: EdgeKind;
  /** Plan path of the `needs` entry, template or guard it comes from. */
  origin: PlanPath;
  span: Span;
}

/** The matrix row a task was expanded from. */
export interface MatrixRow {
  /** Row name, else its 1-based index as text. */
  label: string;
  /** 1-based position. */
  index: number;
  values: Record<string, unknown>;
}

/** A task (matrix rows are expanded: one Task per row, named `base[label]`). */
export interface Task {
  name: string;
  /** Name as written (differs from `name` for matrix rows). */
  baseName: string;
  matrixRow?: MatrixRow;
  /** True for a `finally:` task. */
  finally: boolean;
  /** Position in plan order among all tasks (main first, then finally). */
  order: number;
  span: Span;
  path: PlanPath;
  tags: string[];
  /** Explicit `needs` names as written (matrix base names expand to all rows). */
  needs: string[];
  holds: Claim[];
  when?: CompiledExpr;
  timeoutMs?: number;
  steps: Step[];
  /** Result key → the 1-based number of the step declaring it. */
  results: Map<string, { step: number; secret: boolean }>;
}

/** An `env:` entry, rendered in order at run start. */
export interface EnvEntry {
  name: string;
  value: Template;
  /** `{ fromEnv: VAR }`: the process environment variable the value came from (or whose absence chose `default`). */
  fromEnv?: string;
  /** `{ secret: true }`: the scrubber learns the rendered value before any task runs. */
  secret?: boolean;
}

/** `lifecycle:`. */
export interface Lifecycle {
  strategy: 'unique' | 'reset';
  sharedTarget: boolean;
  /** The reset hook's steps (strategy reset). */
  reset: Step[];
}

/** A loaded, compiled plan. */
export interface LoadedPlan {
  /** Plan file path as given. */
  file: string;
  /** Absolute directory of the plan: base of every relative file. */
  dir: string;
  env: EnvEntry[];
  timeoutMs?: number;
  lifecycle: Lifecycle;
  resources: Map<string, Resource>;
  /** Main tasks in plan order (matrix rows expanded in row order). */
  tasks: Task[];
  finallyTasks: Task[];
  /** Every edge (explicit and derived), deduplicated by (from, to, kind, origin). */
  edges: Edge[];
  /** Names of task matrices: base name → expanded row names. */
  matrices: Map<string, string[]>;
  /** Script runtimes named by script steps, in first-use order. */
  runtimes: string[];
  /** Lint warnings (errors under --strict). */
  warnings: Diagnostic[];
  /** Advice lines (never errors). */
  advice: Diagnostic[];
}

/** Options of `loadPlan`. */
export interface LoadOptions {
  /** Read a file (defaults to fs.readFileSync); tests inject. */
  readFile?: (absPath: string) => Uint8Array;
}

/** `loadPlan` outcome. */
export type LoadResult = { ok: true; plan: LoadedPlan } | { ok: false; errors: Diagnostic[]; warnings: Diagnostic[] };
