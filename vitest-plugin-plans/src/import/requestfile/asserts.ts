/**
 * Writing plan assertions from request-file checks: the literal and path
 * spelling both translators share, and httpyac's `?? <field> <condition>
 * <expected>` lines (httpyac.github.io/guide/assert). The output must
 * compile against the http names (status, headers, body, duration), so a
 * check is translated only when the field and the comparison have a plan
 * equivalent with the same meaning; anything else is handed back as not
 * translated rather than approximated.
 */

/** A string literal of the assertion language (its escapes are JSON's). */
export function planString(text: string): string {
  return JSON.stringify(text);
}

/** `body.a["b-c"][0]`: identifiers as `.name`, other keys quoted, indexes bracketed. */
export function planPath(root: string, segments: ReadonlyArray<string | number>): string {
  return root + segments.map((s) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(s) ? `.${s}` : `[${planString(s)}]`)).join('');
}

/** `headers["content-type"]`: header names ignore case, so the plan writes them lower-case. */
export function planHeader(name: string): string {
  return `headers[${planString(name.toLowerCase())}]`;
}

/**
 * A JSONPath as REST Client writes it (`$.data[0].id`, `$["a b"]`) as path segments,
 * or undefined for what a plan path cannot say (`..`, `*`, filters).
 */
export function jsonPathSegments(path: string): Array<string | number> | undefined {
  if (!path.startsWith('$')) return undefined;
  const out: Array<string | number> = [];
  const re = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[\s*(?:'([^']*)'|"([^"]*)")\s*\]/y;
  let i = 1;
  while (i < path.length) {
    re.lastIndex = i;
    const m = re.exec(path);
    if (!m) return undefined;
    out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (m[3] ?? m[4]!)));
    i = re.lastIndex;
  }
  return out;
}

/** httpyac conditions with a plan operator of the same meaning. */
const CONDITIONS: Record<string, string> = {
  '==': '==', equals: '==', '!=': '!=', '>': '>', '>=': '>=', '<': '<', '<=': '<=',
  startsWith: 'startsWith', endsWith: 'endsWith', includes: 'contains', contains: 'contains', matches: 'matches',
};

/**
 * One httpyac `??` line (without the `??`) as an assertion, or why it is not translated.
 * @example httpyacAssertion('header content-type includes json') // { ok: true, assertion: 'headers["content-type"] contains "json"' }
 */
export function httpyacAssertion(text: string): { ok: true; assertion: string } | { ok: false; why: string } {
  const m = /^(status|duration|header\s+(\S+)|js\s+(\S+)|body)\s+(\S+)\s*(.*)$/.exec(text.trim());
  if (!m) return { ok: false, why: 'no plan equivalent for this check' };
  const [, field, header, js, condition, expectedRaw] = m;
  const expected = expectedRaw!.trim();
  if (header) {
    if (condition === 'exists' || condition === 'isTrue') return { ok: true, assertion: `${planString(header.toLowerCase())} in headers` };
    return compare(planHeader(header), condition!, planString(expected));
  }
  if (field === 'status' || field === 'duration') {
    if (!/^\d+$/.test(expected)) return { ok: false, why: `${field} compares with a number, found ${JSON.stringify(expected)}` };
    const subject = field === 'status' ? 'status' : 'duration.total';
    const value = field === 'status' ? expected : `${expected}ms`;
    if (['startsWith', 'endsWith', 'includes', 'contains'].includes(condition!) && field === 'status')
      return compare('string(status)', condition!, planString(expected));
    if (['startsWith', 'endsWith', 'includes', 'contains', 'matches'].includes(condition!)) return { ok: false, why: `${condition} on ${field} has no plan equivalent` };
    return compare(subject, condition!, value);
  }
  if (js) {
    const path = /^response\.parsedBody((?:\.[A-Za-z_$][\w$]*|\[\d+\])*)$/.exec(js);
    if (!path) return { ok: false, why: 'only response.parsedBody paths translate from js checks' };
    const segments = [...path[1]!.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]/g)].map((s) => s[1] ?? Number(s[2]));
    const subject = planPath('body', segments);
    if (condition === 'exists') return { ok: true, assertion: `exists ${subject}` };
    return compare(subject, condition!, literalOf(expected));
  }
  return { ok: false, why: 'whole-body checks have no exact plan equivalent (compare a field with js response.parsedBody.<path>)' };
}

function compare(subject: string, condition: string, value: string): { ok: true; assertion: string } | { ok: false; why: string } {
  const op = CONDITIONS[condition];
  if (!op) return { ok: false, why: `condition ${condition} has no plan equivalent` };
  return { ok: true, assertion: `${subject} ${op} ${value}` };
}

/** httpyac's expected value is bare text: a JSON scalar when it reads as one, else a string. */
function literalOf(text: string): string {
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text) || text === 'true' || text === 'false') return text;
  if (text === 'null' || text === 'undefined') return 'nil';
  if (/^"([^"\\]|\\.)*"$/.test(text)) return text;
  return planString(text);
}
