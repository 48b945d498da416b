/**
 * One evaluation: read the whole source, check the compound-expression bound, then compile
 * and run each top-level form in turn on one machine, collecting results, output and stats.
 */
import { SchemeError, statusForErrorType, type EvalErrorType } from './errors.js';
import { readProgram, type SourceForm } from './reader/index.js';
import { Frame, type FrameKind, type Node } from './machine/node.js';
import { Meter, type EvalLimits } from './limits.js';

/** Rough host size of one pair, for charging macro expansions. */
const PAIR_BYTES = 40;
import { Machine } from './machine/machine.js';
import { Abort } from './machine/abort.js';
import { current } from './machine/current.js';
import { Compiler } from './compiler/compiler.js';
import { CORE_SCOPE } from './compiler/core-scope.js';
import { Scope } from './compiler/scope.js';
import { scanRedefinitions } from './compiler/prescan.js';
import { createGlobals } from './builtins/index.js';
import { LIBRARY_ENTRIES } from './compiler/library.js';
import { setMaxIntegerDigits } from './numbers/index.js';
import { writeValue } from './printer.js';
import { toJson, type JsonValue } from './json.js';
import { MultipleValues, UNSPECIFIED, type Value } from './values.js';
import './compiler/special-forms.js';
import './compiler/derived-forms.js';
import './compiler/definitions.js';
import './compiler/prelude.js';

/** The value of one top-level form that finished. */
export interface EvalResult {
  index: number;
  line: number;
  col: number;
  /** `write` form, null when unspecified. */
  value: string | null;
  value_truncated: boolean;
  json: JsonValue;
}

/** EvalError of the contract. */
export interface EvalErrorInfo {
  type: EvalErrorType;
  message: string;
  index: number | null;
  line: number | null;
  col: number | null;
}

/** Everything an evaluation reports (the EvalResponse without request id and cpu time). */
export interface EvalOutcome {
  status: 'ok' | 'error' | 'timeout' | 'limit_exceeded';
  results: EvalResult[];
  stdout: string;
  stdout_truncated: boolean;
  error: EvalErrorInfo | null;
  steps: number;
  memory_bytes: number;
  wall_ms: number;
  /** Set only when the program called `exit` or `emergency-exit` (docs/interpreter.md). */
  exit_code?: number;
}

function printResult(v: Value, index: number, line: number, col: number, maxChars: number): EvalResult {
  const unspecified = v === UNSPECIFIED || v === undefined || (v instanceof MultipleValues && v.values.length === 0);
  if (unspecified) return { index, line, col, value: null, value_truncated: false, json: null };
  let value: string;
  let truncated: boolean;
  try {
    const p = writeValue(v, { maxChars });
    truncated = p.truncated || p.text.length > maxChars;
    value = truncated ? p.text.slice(0, maxChars) : p.text;
  } catch {
    value = '';
    truncated = true;
  }
  // A value too large to print whole gets no json copy either: the copy would
  // carry what `value` cut, and the response must stay bounded (docs/values.md).
  let json: JsonValue = null;
  if (!truncated) {
    try {
      json = toJson(v);
    } catch {
      json = null;
    }
  }
  return { index, line, col, value, value_truncated: truncated, json };
}

/** The EvalError of a failure while compiling or running form `index`. */
function errorInfo(e: unknown, index: number | null, line: number | null, col: number | null): EvalErrorInfo {
  if (e instanceof Abort || e instanceof SchemeError) {
    return { type: e.type, message: e.message, index, line: e.line ?? line, col: e.col ?? col };
  }
  if (e instanceof RangeError) {
    return { type: 'too_complex', message: 'program nests too deeply to compile', index, line, col };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { type: 'internal_error', message: `internal error: ${message}`, index, line, col };
}

/**
 * The sequence of top-level forms, run as one computation: the frame below each form's
 * evaluation records its result and starts the next form, so a continuation captured in one
 * form, re-entered later, goes on with the rest of the program (as in an R7RS program body).
 */
class Program {
  readonly results: EvalResult[] = [];
  /** Characters of printed values through each result (a running sum), for `maxTotalValueChars`. */
  readonly printedChars: number[] = [];
  readonly compiler: Compiler;
  /** Index of the form running now. */
  index = 0;
  constructor(readonly forms: SourceForm[], readonly limits: EvalLimits, meter: Meter) {
    const globals = createGlobals(LIBRARY_ENTRIES);
    this.compiler = new Compiler(globals, scanRedefinitions(forms.map((f) => f.datum)), new Scope(CORE_SCOPE, null));
    // Macro expansion runs outside the machine's step count: bound it by the clock and memory.
    this.compiler.budget = (pairs) => {
      meter.charge(pairs * PAIR_BYTES);
      meter.checkTime();
    };
  }

  /** Compile form `i` and return it to run, with a frame that continues the program. */
  start(m: Machine, i: number): Node | null {
    this.index = i;
    if (i >= this.forms.length) {
      m.val = UNSPECIFIED;
      return null;
    }
    const f = this.forms[i]!;
    let node: Node;
    try {
      node = this.compiler.toplevel(f.datum, this.compiler.globalScope);
    } catch (e) {
      // A compile error ends the program; it is not a condition a handler could catch.
      const info = errorInfo(e, i, f.line, f.col);
      const a = new Abort(info.type, info.message);
      if (info.line !== null) a.setPosition(info.line, info.col ?? 0);
      throw a;
    }
    m.k = new Frame(null, [null], m.captures, TOPLEVEL, null, this, i);
    m.env = [null];
    return node;
  }

  /** Form `i` finished with `v` (possibly again, after a continuation re-entered it). */
  done(m: Machine, i: number, v: Value): Node | null {
    const f = this.forms[i]!;
    this.results.length = Math.min(this.results.length, i);
    this.printedChars.length = this.results.length;
    const before = this.printedChars[i - 1] ?? 0;
    const maxChars = Math.max(0, Math.min(this.limits.maxValueChars, this.limits.maxTotalValueChars - before));
    const r = printResult(v, i, f.line, f.col, maxChars);
    this.results.push(r);
    // The json copy is about as long as the printed value, so both count against the budget.
    const printed = r.value?.length ?? 0;
    this.printedChars.push(before + printed + (r.json !== null ? printed : 0));
    return this.start(m, i + 1);
  }
}

const TOPLEVEL: FrameKind = {
  resume: (m, f) => (f.a as Program).done(m, f.b as number, m.val),
};

/**
 * Evaluate a whole program under `limits`. Synchronous; every limit is enforced
 * cooperatively inside, so it always returns an outcome (never throws for a program's sake).
 * @example evaluate('(+ 1 2)', API_LIMITS).results[0].value // '3'
 */
export function evaluate(source: string, limits: EvalLimits): EvalOutcome {
  const meter = new Meter(limits);
  const results: EvalResult[] = [];
  let error: EvalErrorInfo | null = null;
  let steps = 0;
  let exitCode: number | null = null;
  setMaxIntegerDigits(limits.maxIntegerDigits);
  const read = readProgram(source);
  if (!read.ok) {
    error = errorInfo(read.error, read.index, read.error.line, read.error.col);
  } else if (limits.maxCompound !== null && read.compound > limits.maxCompound) {
    // Blame the form during which the count passed the bound.
    const max = limits.maxCompound;
    const index = read.forms.findIndex((f) => f.compoundSoFar > max);
    const f = read.forms[index];
    error = {
      type: 'too_complex',
      message: `too complex: ${read.compound} compound expressions, at most ${max} allowed`,
      index: f === undefined ? null : index, line: f?.line ?? null, col: f?.col ?? null,
    };
  } else {
    const program = new Program(read.forms, limits, meter);
    const m = new Machine(meter);
    m.evalHook = (datum) => program.compiler.toplevel(datum, program.compiler.globalScope);
    current.m = m;
    try {
      m.run(program.start(m, 0));
    } catch (e) {
      const f = read.forms[program.index];
      error = errorInfo(e, program.index, f?.line ?? null, f?.col ?? null);
    } finally {
      current.m = null;
      steps = m.steps;
      // The exiting form never finished, so it has no entry in results.
      exitCode = m.exitCode;
    }
    results.push(...program.results);
  }
  try {
    meter.measure();
  } catch {
    // Over the bound only at the very end: the program finished, report what it did.
  }
  const status = error === null ? 'ok' : statusForErrorType(error.type);
  const outcome: EvalOutcome = {
    status,
    results,
    stdout: meter.stdout,
    stdout_truncated: meter.stdoutTruncated,
    error,
    steps,
    memory_bytes: Math.max(0, Math.round(meter.peakMemory)),
    wall_ms: Math.round(meter.elapsedMs() * 1000) / 1000,
  };
  if (exitCode !== null) outcome.exit_code = exitCode;
  return outcome;
}
