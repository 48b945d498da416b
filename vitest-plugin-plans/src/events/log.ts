/**
 * The event log: newline-delimited JSON, one event a line, written as the run
 * goes (never buffered whole, so memory does not grow with the plan), and read
 * back and validated for `runner report`.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { EVENTS_SCHEMA, FIELDS, NESTED_FIELDS, type RunEvent, type RunEventType } from './types.js';

/** One event as its log line (without the newline). */
export function serializeEvent(event: RunEvent): string {
  return JSON.stringify(event);
}

/**
 * The exact line the log carries for an event. Events arrive scrubbed (the
 * emitter is the one scrub point); `run --html` renders from these same lines,
 * so its page equals the one `runner report` renders from the file.
 */
export function eventLine(event: RunEvent): string {
  return serializeEvent(event);
}

export interface LogWriter {
  write(event: RunEvent): void;
  /** Write a line already serialised by `eventLine` (the session serialises once for the log and the model). */
  writeLine(line: string, event: RunEvent): void;
  /** Flush and close; returns the first write error, if any. */
  close(): Error | null;
}

/** Open a streaming log writer on a path, or on stdout for `-`, for events already scrubbed by the emitter. */
export function openLogWriter(target: string, stdout: (line: string) => void = (l) => void process.stdout.write(l + '\n')): LogWriter {
  let error: Error | null = null;
  let fd: number | null = null;
  // Lines gather in a small buffer written in 64 KiB batches: one syscall per
  // event costs more than the event itself, and memory stays bounded.
  let pending: string[] = [];
  let pendingBytes = 0;
  const FLUSH_AT = 64 * 1024;
  if (target !== '-') {
    try {
      // Like Vitest and Jest, an export into a folder that does not exist yet creates it.
      mkdirSync(dirname(target), { recursive: true });
      fd = openSync(target, 'w');
    } catch (e) {
      error = e as Error;
    }
  }
  const flush = () => {
    if (fd === null || pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    pendingBytes = 0;
    try {
      writeSync(fd, chunk);
    } catch (e) {
      error = e as Error;
    }
  };
  return {
    write(event) {
      this.writeLine(eventLine(event), event);
    },
    writeLine(line, event) {
      if (error) return;
      if (target === '-') {
        try {
          stdout(line);
        } catch (e) {
          error = e as Error;
        }
        return;
      }
      pending.push(line + '\n');
      pendingBytes += line.length + 1;
      if (pendingBytes >= FLUSH_AT || event.type === 'run.end') flush();
    },
    close() {
      flush();
      if (fd !== null) {
        try {
          closeSync(fd);
        } catch (e) {
          error ??= e as Error;
        }
        fd = null;
      }
      return error;
    },
  };
}

/** A log that does not follow the contract; `event` is the 1-based line number. */
export class EventLogError extends Error {
  constructor(
    readonly event: number,
    readonly reason: string,
  ) {
    super(`event ${event}: ${reason}`);
    this.name = 'EventLogError';
  }
}

function checkFields(obj: Record<string, unknown>, allowed: readonly string[], where: string, n: number): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) throw new EventLogError(n, `unknown field "${key}" in ${where}`);
  }
}

/**
 * Parse and validate a log: every line a JSON object of a known type with
 * known fields, the first a `run.start` of schema `runner.events/v1` (one
 * run), or a `series.start` (`--repeat`: runs in turn, then `series.end`).
 * @throws EventLogError naming the event's number
 */
export function parseEventLog(text: string): RunEvent[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw new EventLogError(1, 'the log is empty; want a run.start event first');
  const events: RunEvent[] = [];
  let series = false;
  let inRun = false;
  let ended = false;
  lines.forEach((line, i) => {
    const n = i + 1;
    let obj: unknown;
    try {
      obj = JSON.parse(line);
    } catch {
      throw new EventLogError(n, 'not a JSON object');
    }
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) throw new EventLogError(n, 'not a JSON object');
    const ev = obj as Record<string, unknown>;
    const type = ev.type;
    if (typeof type !== 'string' || !(type in FIELDS)) throw new EventLogError(n, `unknown event type ${JSON.stringify(type)}`);
    checkFields(ev, FIELDS[type as RunEventType], type, n);
    for (const [key, allowed] of Object.entries(NESTED_FIELDS)) {
      const v = ev[key];
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) checkFields(v as Record<string, unknown>, allowed, `${type}.${key}`, n);
    }
    // Reports print an exchange's lines as they are: a log without them cannot be rendered.
    if (type === 'exchange' && !(Array.isArray(ev.lines) && ev.lines.every((l) => typeof l === 'string'))) {
      throw new EventLogError(n, 'exchange without its lines (a list of strings); was the log written by an older runner? run the plan again');
    }
    if (n === 1) {
      if (type !== 'run.start' && type !== 'series.start') throw new EventLogError(n, `the first event is ${type}; want run.start`);
      if (ev.schema !== EVENTS_SCHEMA) throw new EventLogError(n, `schema ${JSON.stringify(ev.schema)} is not ${EVENTS_SCHEMA}`);
      series = type === 'series.start';
      inRun = type === 'run.start';
    } else if (series) {
      // A series log (docs/events.md "Series"): runs one after another, each
      // from run.start to run.end, then series.end last.
      if (ended) throw new EventLogError(n, `${type} after series.end; series.end is the last event`);
      if (type === 'series.start') throw new EventLogError(n, 'a second series.start; one log holds one series');
      if (type === 'run.start') {
        if (inRun) throw new EventLogError(n, 'run.start before the previous run\'s run.end');
        if (ev.schema !== EVENTS_SCHEMA) throw new EventLogError(n, `schema ${JSON.stringify(ev.schema)} is not ${EVENTS_SCHEMA}`);
        inRun = true;
      } else if (type === 'series.end') {
        if (inRun) throw new EventLogError(n, 'series.end inside a run; want run.end first');
        ended = true;
      } else if (!inRun) {
        throw new EventLogError(n, `${type} outside a run; want run.start first`);
      } else if (type === 'run.end') {
        inRun = false;
      }
    } else if (type === 'run.start') {
      throw new EventLogError(n, 'a second run.start; one log holds one run');
    } else if (type === 'series.end' || type === 'series.start') {
      throw new EventLogError(n, `${type} in a log that began with run.start`);
    }
    events.push(ev as unknown as RunEvent);
  });
  if (series && !ended) throw new EventLogError(lines.length, 'the series log ends without series.end');
  return events;
}
