/**
 * Step results an import creates, and the edges they imply. A request file
 * hands values between requests (`{{login.response.body.$.token}}`,
 * `client.global.set`); in a plan the producer declares a result and the
 * consumer templates `tasks.<producer>.results.<key>`, which the loader turns
 * into a derived edge. Two references that would make the graph circular
 * cannot load, so the second is refused here, where the importer can still
 * say so, instead of at load time, where it would be an internal error.
 */
import { envIdentifier } from '../names.js';

/** Result names that hold credentials: scrubbed from every output (`{ secret: … }`). */
export const SECRET_NAME = /pass(word|wd)?$|^pwd$|secret|token|api[-_]?key|credential|private[-_]?key|session[-_]?id|cookie|bearer|^auth(orization)?$/i;

interface Declared {
  expr: string;
  secret: boolean;
}

/** The results every task declares, and the edges between tasks. */
export class ResultRegistry {
  private readonly byTask = new Map<string, Map<string, Declared>>();
  private readonly edges = new Map<string, Set<string>>();

  /**
   * Declares `expr` as a result of `task` (reusing the key of an equal
   * expression) and returns its key. `secret` only ever widens.
   */
  declare(task: string, wanted: string, expr: string, secret: boolean): string {
    let keys = this.byTask.get(task);
    if (!keys) this.byTask.set(task, (keys = new Map()));
    for (const [key, d] of keys) {
      if (d.expr !== expr) continue;
      d.secret ||= secret;
      return key;
    }
    const base = envIdentifier(wanted);
    let key = base;
    for (let n = 2; keys.has(key); n++) key = `${base}_${n}`;
    keys.set(key, { expr, secret: secret || SECRET_NAME.test(key) });
    return key;
  }

  /** Marks an existing result as secret (it turned out to be sent as a credential). */
  markSecret(task: string, key: string): void {
    const d = this.byTask.get(task)?.get(key);
    if (d) d.secret = true;
  }

  /**
   * Records that `consumer` reads `producer`; false (and nothing recorded)
   * when that would close a cycle, including a task reading itself.
   */
  link(consumer: string, producer: string): boolean {
    if (consumer === producer || this.reaches(producer, consumer)) return false;
    let out = this.edges.get(consumer);
    if (!out) this.edges.set(consumer, (out = new Set()));
    out.add(producer);
    return true;
  }

  /** True when `from` already depends on `to`, directly or transitively. */
  reaches(from: string, to: string): boolean {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (t === to) return true;
      if (seen.has(t)) continue;
      seen.add(t);
      stack.push(...(this.edges.get(t) ?? []));
    }
    return false;
  }

  /** The `results:` map of a task's step, in declaration order, or undefined. */
  resultsOf(task: string): Record<string, string | { secret: string }> | undefined {
    const keys = this.byTask.get(task);
    if (!keys || keys.size === 0) return undefined;
    return Object.fromEntries([...keys].map(([k, d]) => [k, d.secret ? { secret: d.expr } : d.expr]));
  }
}
