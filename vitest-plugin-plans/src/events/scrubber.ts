/**
 * The secret scrubber: the one choke point every byte of output passes through
 * (plan-runner.md §1, §5.3). Events are scrubbed when emitted; text writers
 * (terminal, files) pass their bytes through `scrubText` again, so a renderer
 * that formats a value oddly still cannot leak it.
 *
 * A known secret is replaced by `[secret:<name>]` in its raw form and in the
 * forms it takes when carried inside other text: JSON-escaped, URL-encoded
 * (`encodeURIComponent` and the `+` form), base64 (and base64url), and as part
 * of a `user:secret` basic-auth pair the raw form already covers.
 */

export interface KnownSecret {
  name: string;
  value: string;
}

export interface Scrubber {
  /** Teach the scrubber a secret; later output never carries it. Empty values are ignored. */
  add(name: string, value: unknown): void;
  /** Secrets known so far (for refusing snapshot writes). */
  known(): readonly KnownSecret[];
  /** First known secret whose raw value occurs in `text`, if any. */
  find(text: string): KnownSecret | undefined;
  scrubText(text: string): string;
  /** Deep copy with every string (and key) scrubbed. */
  scrubValue<T>(value: T): T;
}

/** How a secret prints in output. */
export function secretMarker(name: string): string {
  return `[secret:${name}]`;
}

function forms(value: string): string[] {
  const out = new Set<string>([value]);
  const json = JSON.stringify(value).slice(1, -1);
  out.add(json);
  out.add(encodeURIComponent(value));
  out.add(encodeURIComponent(value).replace(/%20/g, '+'));
  // base64 of the value alone; a secret inside a larger base64 blob is not aligned and is not caught.
  if (value.length >= 3) {
    const b64 = Buffer.from(value, 'utf8').toString('base64');
    out.add(b64);
    out.add(b64.replace(/=+$/, ''));
    out.add(Buffer.from(value, 'utf8').toString('base64url'));
  }
  return [...out].filter((f) => f.length > 0);
}

/** Create a scrubber; secrets learned during the run are added with `add`. */
export function createScrubber(): Scrubber {
  const secrets: KnownSecret[] = [];
  // Longest first so a secret that contains another is replaced whole.
  let patterns: Array<{ form: string; marker: string }> = [];

  function rebuild(): void {
    const all: Array<{ form: string; marker: string }> = [];
    for (const s of secrets) for (const form of forms(s.value)) all.push({ form, marker: secretMarker(s.name) });
    all.sort((a, b) => b.form.length - a.form.length);
    patterns = all;
  }

  function scrubText(text: string): string {
    if (patterns.length === 0 || text.length === 0) return text;
    let out = text;
    for (const p of patterns) if (out.includes(p.form)) out = out.split(p.form).join(p.marker);
    return out;
  }

  function scrubValue<T>(value: T): T {
    if (patterns.length === 0) return value;
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return scrubText(v);
      if (Array.isArray(v)) return v.map(walk);
      if (v !== null && typeof v === 'object') {
        const o: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(v)) o[scrubText(k)] = walk(x);
        return o;
      }
      return v;
    };
    return walk(value) as T;
  }

  return {
    add(name, value) {
      if (value === null || value === undefined) return;
      const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
      if (text.length === 0 || secrets.some((s) => s.value === text)) return;
      secrets.push({ name, value: text });
      // A structured secret also hides each of its string leaves.
      if (typeof value === 'object') {
        const leaves: string[] = [];
        const walk = (v: unknown): void => {
          if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint') leaves.push(String(v));
          else if (v && typeof v === 'object') Object.values(v).forEach(walk);
        };
        walk(value);
        for (const leaf of leaves) if (leaf.length > 0 && !secrets.some((s) => s.value === leaf)) secrets.push({ name, value: leaf });
      }
      rebuild();
    },
    known: () => secrets,
    find: (text) => secrets.find((s) => text.includes(s.value)),
    scrubText,
    scrubValue,
  };
}
