/**
 * Published task results, read by templates, guards and assertions as
 * `tasks.<task>.results.<key>`. The `tasks` value is a lazy view, so building
 * a scope costs the same with 20 tasks or 20,000.
 */
import { map, type MapValue, type Value } from '../expr/values.js';

export interface ResultStore {
  set(task: string, key: string, value: Value): void;
  has(task: string, key: string): boolean;
  get(task: string, key: string): Value | undefined;
  /** The `tasks` name of a scope. */
  readonly view: MapValue;
}

/** A read-only map whose entries are computed on access. */
class LazyMap implements ReadonlyMap<string, Value> {
  constructor(
    private readonly keys_: () => string[],
    private readonly get_: (k: string) => Value | undefined,
  ) {}
  get size() {
    return this.keys_().length;
  }
  get(k: string) {
    return this.get_(k);
  }
  has(k: string) {
    return this.get_(k) !== undefined;
  }
  *entries(): MapIterator<[string, Value]> {
    for (const k of this.keys_()) yield [k, this.get_(k)!];
  }
  *keys(): MapIterator<string> {
    yield* this.keys_();
  }
  *values(): MapIterator<Value> {
    for (const k of this.keys_()) yield this.get_(k)!;
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  forEach(cb: (v: Value, k: string, m: ReadonlyMap<string, Value>) => void) {
    for (const [k, v] of this.entries()) cb(v, k, this);
  }
}

/** Create the run's result store; `taskNames` are every task a scope may name. */
export function createResultStore(taskNames: readonly string[]): ResultStore {
  const store = new Map<string, Map<string, Value>>();
  const views = new Map<string, Value>();
  const taskView = (task: string): Value => {
    let v = views.get(task);
    if (!v) {
      const results: MapValue = { k: 'map', entries: new LazyMap(() => [...(store.get(task)?.keys() ?? [])], (k) => store.get(task)?.get(k)) };
      v = map({ results });
      views.set(task, v);
    }
    return v;
  };
  const names = new Set(taskNames);
  return {
    set(task, key, value) {
      let m = store.get(task);
      if (!m) store.set(task, (m = new Map()));
      m.set(key, value);
    },
    has: (task, key) => store.get(task)?.has(key) ?? false,
    get: (task, key) => store.get(task)?.get(key),
    view: { k: 'map', entries: new LazyMap(() => [...names], (t) => (names.has(t) ? taskView(t) : undefined)) },
  };
}
