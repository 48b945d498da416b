/**
 * Request pieces both the collection and the command-line importer build:
 * form and multipart bodies, JSON bodies that survive the trip through YAML,
 * header values that hold credentials, and escaping of a literal `{{`.
 * (They live here because the import folder's shared files belong to another
 * change; `commandline/` imports them from this file.)
 */

/** The boundary of every multipart body an importer writes: fixed, so imports are reproducible. */
export const MULTIPART_BOUNDARY = 'runner-import-boundary-d41d8cd98f00b204';

/**
 * Text with every `{{` made literal. Plan templates have no escape, so a
 * literal `{{` is written as a hole whose value is the string "{{".
 * @example escapeTemplate('a{{b}}') // 'a{{ "{{" }}b}}'
 */
export function escapeTemplate(text: string): string {
  return text.replaceAll('{{', '{{ "{{" }}');
}

/** Splits plan template text into literal text and `{{ … }}` holes (kept whole). */
export function templatePieces(text: string): Array<{ hole: boolean; text: string }> {
  const out: Array<{ hole: boolean; text: string }> = [];
  let pos = 0;
  while (pos < text.length) {
    const open = text.indexOf('{{', pos);
    const close = open < 0 ? -1 : text.indexOf('}}', open + 2);
    if (open < 0 || close < 0) break;
    if (open > pos) out.push({ hole: false, text: text.slice(pos, open) });
    out.push({ hole: true, text: text.slice(open, close + 2) });
    pos = close + 2;
  }
  if (pos < text.length) out.push({ hole: false, text: text.slice(pos) });
  return out;
}

/**
 * Encodes the literal text of a template, leaving holes as they are: the
 * plan has no encoding function, so a value substituted at run time is sent
 * as it is (the importer says so where it matters).
 */
export function encodeOutsideHoles(template: string, encode: (s: string) => string): string {
  return templatePieces(template).map((p) => (p.hole ? p.text : encode(p.text))).join('');
}

/** application/x-www-form-urlencoded, as browsers and Postman write it (space is `+`). */
export function formEncode(text: string): string {
  return new URLSearchParams([['', text]]).toString().slice(1);
}

/** One part of a multipart/form-data body. */
export interface FormPart {
  name: string;
  value: string;
  contentType?: string;
}

/**
 * A multipart/form-data body (RFC 7578) with CRLF line ends. A `"` or line
 * break in a field name is percent-encoded, as the HTML standard does.
 */
export function multipartBody(parts: FormPart[], boundary = MULTIPART_BOUNDARY): string {
  let out = '';
  for (const p of parts) {
    const name = p.name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    out += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n`;
    if (p.contentType) out += `Content-Type: ${p.contentType}\r\n`;
    out += `\r\n${p.value}\r\n`;
  }
  return `${out}--${boundary}--\r\n`;
}

/**
 * The parsed JSON when `text` can go into a plan's `json:` unchanged in
 * meaning, else undefined. A number with more than 15 significant digits
 * would be rounded on its way through a JavaScript number (the plan keeps
 * the YAML text, but YAML is printed from the number), a key holding `{{`
 * cannot be templated (only values are), and integer-like keys would be
 * reordered by JavaScript objects, so all three stay text bodies.
 */
export function jsonForPlan(text: string): { value: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  for (const m of text.matchAll(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g)) {
    if (m[0].startsWith('"')) continue;
    const digits = m[0].replace(/[eE].*$/, '').replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
    if (digits.length > 15) return undefined;
  }
  if (hasUnsafeKey(value)) return undefined;
  return { value };
}

function hasUnsafeKey(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasUnsafeKey);
  if (v !== null && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('{{') || /^\d+$/.test(k) || hasUnsafeKey(x));
  return false;
}

/**
 * Maps every string of a JSON value (keys untouched). With `secret`, a
 * string written literally (no `{{`) under a credential-named key
 * (`password`, `api_key`, … as for query values) at any depth becomes the
 * hole `secret` returns instead: a login body must not print its password.
 * The nearest key names a string; array items take the key of their array.
 * @example mapJsonStrings({ user: 'a', password: 'p' }, (s) => s, (k) => `{{ env.${k} }}`) // { user: 'a', password: '{{ env.password }}' }
 */
export function mapJsonStrings(v: unknown, f: (s: string) => string, secret?: (key: string, literal: string) => string, key = ''): unknown {
  if (typeof v === 'string') return secret && key !== '' && v !== '' && !v.includes('{{') && SECRET_QUERY.test(key) ? secret(key, v) : f(v);
  if (Array.isArray(v)) return v.map((x) => mapJsonStrings(x, f, secret, key));
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapJsonStrings(x, f, secret, k)]));
  return v;
}

/** `apiKey` → `API_KEY`, `x_Api_Key` → `X_API_KEY`: the process environment variable an env secret reads. */
export function upperSnake(id: string): string {
  const s = id.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return /^[A-Z_]/.test(s) ? s : `_${s}`;
}

/** `X-Api-Key` → `xApiKey`: an env name for a value named after a header. */
export function camelIdentifier(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const id = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  return /^[A-Za-z_]/.test(id) ? id : `_${id}`;
}

/** Where a header value's credential starts, and the env name to hold it. */
export interface HeaderSecret {
  /** Text kept in the header before the credential (`Bearer `). */
  prefix: string;
  /** The credential as found. */
  secret: string;
  /** The env name wanted for it. */
  envName: string;
  /** The scheme when it is `Basic` (the credential is base64 of user:password). */
  basic: boolean;
}

// By name: any header that speaks of a token, secret, password, key, session, signature or credential.
// A false positive costs an env variable to set; a false negative prints a credential.
const SECRET_HEADER = /token|secret|passw|api[-_]?key|apikey|auth|session|signature|credential|private|(^|-)key$/i;

/**
 * The credential in a header value, when the header carries one:
 * `Authorization` and `Proxy-Authorization` (after the scheme), `Cookie`,
 * and API-key and token headers by name. A plan must not hold the value
 * itself (anything printed would leak it; env secrets are scrubbed).
 */
export function headerSecret(name: string, value: string): HeaderSecret | undefined {
  const lower = name.toLowerCase();
  if (value.trim() === '') return undefined;
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const m = /^(\S+)(\s+)(.+)$/.exec(value);
    if (!m) return { prefix: '', secret: value, envName: lower === 'authorization' ? 'authorization' : 'proxyAuthorization', basic: false };
    const scheme = m[1]!.toLowerCase();
    const envName = scheme === 'bearer' ? 'token' : scheme === 'basic' ? 'basicAuth' : camelIdentifier(`${m[1]} credential`);
    return { prefix: m[1]! + m[2]!, secret: m[3]!, envName: lower === 'authorization' ? envName : `proxy${envName[0]!.toUpperCase()}${envName.slice(1)}`, basic: scheme === 'basic' };
  }
  if (lower === 'cookie') return { prefix: '', secret: value, envName: 'cookie', basic: false };
  if (SECRET_HEADER.test(lower)) return { prefix: '', secret: value, envName: camelIdentifier(name), basic: false };
  return undefined;
}

/** The Content-Type Postman sends for a raw body of the given language. */
export function rawContentType(language: string | undefined): string | undefined {
  return ({ json: 'application/json', xml: 'application/xml', html: 'text/html', javascript: 'application/javascript', text: 'text/plain' } as Record<string, string>)[language ?? ''];
}

// Query parameters, form fields and JSON keys that carry a credential by name (`?access_token=…`, `?api_key=…`, `?sig=…`).
const SECRET_QUERY = /token|secret|passw|api[-_]?key|apikey|^key$|^auth$|signature|^sig$|credential|private[-_]?key|session[-_]?id/i;

/**
 * A plan URL with each credential-named query value that is written
 * literally (no `{{` hole in it) replaced by the hole `replace` returns:
 * a token pasted into a URL (`?token=xoxp-…`) must not be printed in the
 * plan any more than one pasted into a header. The fragment is kept.
 * @example secretQueryValues('https://x/a?token=t1&n=2', (n) => '{{ env.token }}') // 'https://x/a?token={{ env.token }}&n=2'
 */
export function secretQueryValues(url: string, replace: (name: string, literal: string) => string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const end = hash < 0 ? url.length : hash;
  return `${url.slice(0, q + 1)}${secretFormValues(url.slice(q + 1, end), replace)}${url.slice(end)}`;
}

/**
 * An application/x-www-form-urlencoded body (plan template text) with each
 * credential-named value written literally replaced, by the rule of
 * `secretQueryValues`: `password=…` in a login form is the same leak as
 * `?password=…`. The literal passed on is the value as encoded in the body.
 * @example secretFormValues('user=ada&password=s3cret', (n) => `{{ env.${n} }}`) // 'user=ada&password={{ env.password }}'
 */
export function secretFormValues(text: string, replace: (name: string, literal: string) => string): string {
  return text.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq <= 0) return pair;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let decoded = name;
    try { decoded = decodeURIComponent(name.replace(/\+/g, ' ')); } catch { /* a stray % keeps the name as written */ }
    if (value === '' || value.includes('{{') || !SECRET_QUERY.test(decoded)) return pair;
    return `${name}=${replace(decoded, value)}`;
  }).join('&');
}
