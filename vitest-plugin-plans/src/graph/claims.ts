/**
 * Resource claims (`holds`), built on the limiter: each resource is a limiter
 * whose capacity is the worker count; a shared claim takes 1, an exclusive one
 * takes all of it. A task takes all its claims at once or none, so two tasks
 * can never each hold half of what the other needs.
 */
import { createLimiter, type Limiter } from './limiter.js';

export type ClaimMode = 'shared' | 'exclusive';

export interface Claim {
  resource: string;
  mode: ClaimMode;
}

export interface ClaimTable {
  /** Take every claim now, or none; returns whether they were taken. */
  tryTake(holder: string, claims: readonly Claim[]): boolean;
  release(holder: string): void;
  /** Tasks currently holding the resource. */
  holders(resource: string): string[];
  /** The first claim of `claims` that cannot be taken now, if any. */
  blocking(claims: readonly Claim[]): Claim | undefined;
}

/** Create the claim table for a run with `capacity` workers. */
export function createClaimTable(capacity: number): ClaimTable {
  const limiters = new Map<string, Limiter>();
  const held = new Map<string, Array<{ holder: string; weight: number }>>();
  const byHolder = new Map<string, Claim[]>();
  const cap = Math.max(1, capacity);

  const limiter = (r: string) => {
    let l = limiters.get(r);
    if (!l) limiters.set(r, (l = createLimiter(cap)));
    return l;
  };
  const weight = (c: Claim) => (c.mode === 'exclusive' ? cap : 1);

  return {
    tryTake(holder, claims) {
      const taken: Claim[] = [];
      for (const c of claims) {
        if (!limiter(c.resource).tryAcquire(weight(c))) {
          for (const t of taken) limiter(t.resource).release(weight(t));
          return false;
        }
        taken.push(c);
      }
      for (const c of taken) {
        const list = held.get(c.resource) ?? [];
        list.push({ holder, weight: weight(c) });
        held.set(c.resource, list);
      }
      byHolder.set(holder, taken);
      return true;
    },
    release(holder) {
      for (const c of byHolder.get(holder) ?? []) {
        limiter(c.resource).release(weight(c));
        held.set(c.resource, (held.get(c.resource) ?? []).filter((h) => h.holder !== holder));
      }
      byHolder.delete(holder);
    },
    holders: (r) => (held.get(r) ?? []).map((h) => h.holder),
    blocking(claims) {
      return claims.find((c) => limiter(c.resource).used + weight(c) > cap);
    },
  };
}
