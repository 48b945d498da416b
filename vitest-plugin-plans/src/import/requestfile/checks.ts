/**
 * The checks a request file writes after a request: JetBrains response
 * handlers (inline or in a `.js` file beside the request file) and httpyac
 * `??` lines, gathered per request into assertions and step results. Every
 * statement that does not translate is named with its request and line
 * (the handler file's own line for `> file.js`), so `not translated:` points
 * at something the user can open.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { httpyacAssertion } from './asserts.js';
import { translateHandler } from './handler.js';
import type { ParsedRequest } from './parse.js';

/** What a request's checks became. */
export interface RequestChecks {
  assertions: string[];
  /** `client.global.set(name, expr)` in file order. */
  sets: Array<{ name: string; expr: string }>;
}

/**
 * Translates the handlers and `??` lines of one request; untranslated items go to `notTranslated`.
 * @example requestChecks(req, 'get-user', dir, notes).assertions // ['status == 200']
 */
export function requestChecks(r: ParsedRequest, task: string, dir: string, notTranslated: string[]): RequestChecks {
  const out: RequestChecks = { assertions: [], sets: [] };
  for (const h of r.handlers) {
    let source: string;
    let lineOf: (n: number) => string;
    if (h.kind === 'file') {
      try {
        source = readFileSync(isAbsolute(h.path) ? h.path : join(dir, h.path), 'utf8');
      } catch {
        notTranslated.push(`${task} (line ${h.line}): response handler ${h.path}: no such file beside the request file`);
        continue;
      }
      lineOf = (n) => `line ${h.line}, ${h.path} line ${n}`;
    } else {
      source = h.source;
      lineOf = (n) => `line ${h.line + n - 1}`;
    }
    const t = translateHandler(source);
    out.assertions.push(...t.assertions);
    out.sets.push(...t.results.map((s) => ({ name: s.name, expr: s.expr })));
    for (const u of t.untranslated) notTranslated.push(`${task} (${lineOf(u.line)}): response handler: ${clip(u.text)}`);
  }
  for (const a of r.asserts) {
    const t = httpyacAssertion(a.text);
    if (t.ok) out.assertions.push(t.assertion);
    else notTranslated.push(`${task} (line ${a.line}): ?? ${a.text}: ${t.why}`);
  }
  return out;
}

/** A statement quoted in one line of reasonable length. */
function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}
