/**
 * Credential headers (`Authorization`, API-key headers, `Cookie`) of a
 * request file. A plan is shared and committed, so a secret written in the
 * file is never copied into it: each distinct literal becomes an env entry
 * `{ fromEnv: NAME, default: "", secret: true }`, the header templates it,
 * and `added:` names NAME. REST Client's `Basic user password` form is
 * base64-encoded by the client when it sends; plan templates cannot encode,
 * so the plan asks for the encoded value instead and says how to make it.
 */
import type { HeaderLine, ParsedRequest } from './parse.js';
import type { HoleSite, RequestVariables } from './variables.js';

// By name, as the collection and curl importers judge it: a false positive costs an env variable
// to set; a false negative commits a credential.
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie)$|token|secret|passw|api[-_]?key|apikey|auth|session|signature|credential|private|(^|-)key$/i;

/** Cookie names of sessions and tokens (`session_id`, `JSESSIONID`, `connect.sid`, `auth_token`). */
const SESSION_COOKIE = /sess|sid$|token|auth|secret|jwt|key|remember/i;

/** True for headers whose value is a credential. */
export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADER.test(name);
}

/**
 * Variables a credential header reads (`Authorization: Bearer {{token}}`):
 * their values are secrets wherever they come from.
 */
export function credentialVariables(requests: readonly ParsedRequest[]): Set<string> {
  const out = new Set<string>();
  for (const r of requests)
    for (const h of r.headers) if (isCredentialHeader(h.name)) for (const m of h.value.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)) out.add(m[1]!);
  return out;
}

/** Turns credential header values into templates over secret env entries. */
export class CredentialHeaders {
  private readonly byValue = new Map<string, string>();
  private readonly used = new Set<string>();

  constructor(private readonly vars: RequestVariables, private readonly notTranslated: string[]) {}

  /** The header's value as a template, or undefined when it cannot be sent (listed as not translated). */
  value(h: HeaderLine, site: HoleSite): string | undefined {
    const where = `${site.task} (line ${h.line})`;
    const sends = `${site.task} line ${h.line} sends it in ${h.name}`;
    const m = /^(\S+)\s+(.*)$/.exec(h.value);
    const scheme = /^authorization$|^proxy-authorization$/i.test(h.name) ? m?.[1] : undefined;
    const rest = scheme ? m![2]!.trim() : h.value;
    if (scheme && /^basic$/i.test(scheme) && (/\s/.test(rest.replace(/\{\{.*?\}\}/g, 'x')) || /:/.test(rest) || !rest.includes('{{'))) {
      // user password, user:password, or an encoded literal: the plan needs the encoded pair from the environment.
      const id = this.secret('basic_auth', rest, `${sends} Basic; set it to the base64 of user:password`);
      return `${scheme} {{ env.${id} }}`;
    }
    if (/^cookie$/i.test(h.name)) return this.cookies(h, site, sends);
    if (!h.value.includes('{{')) {
      if (scheme && rest.includes(' ')) {
        this.notTranslated.push(`${where}: ${h.name}: ${scheme} with several parts is computed by the client (signatures, digests); the header was left out`);
        return undefined;
      }
      const name = scheme ? (/^bearer$/i.test(scheme) ? 'token' : `${scheme.toLowerCase()}_credentials`) : h.name.toLowerCase();
      const id = this.secret(name, rest, `${sends}; the file's literal was not copied`);
      return scheme ? `${scheme} {{ env.${id} }}` : `{{ env.${id} }}`;
    }
    return this.vars.translate(h.value, { ...site, credential: true });
  }

  /** A Cookie header: only cookies whose names say they hold a session or a credential become secrets. */
  private cookies(h: HeaderLine, site: HoleSite, sends: string): string {
    return h.value
      .split(';')
      .map((pair) => {
        const m = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)=(.*?)\s*$/.exec(pair);
        if (!m || m[2]!.includes('{{') || !SESSION_COOKIE.test(m[1]!)) return this.vars.translate(pair.trim(), { ...site, credential: true });
        const id = this.secret(`cookie_${m[1]!}`, m[2]!, `${sends} (cookie ${m[1]}); the file's literal was not copied`);
        return `${m[1]}={{ env.${id} }}`;
      })
      .join('; ');
  }

  private secret(name: string, literal: string, why: string): string {
    const known = this.byValue.get(`${name}\0${literal}`);
    if (known) return known;
    let variable = name.toUpperCase().replace(/[^A-Z0-9_]+/g, '_');
    const base = variable;
    for (let n = 2; this.used.has(variable); n++) variable = `${base}_${n}`;
    this.used.add(variable);
    const id = this.vars.fromEnv(variable.toLowerCase(), variable, true, why);
    this.byValue.set(`${name}\0${literal}`, id);
    return id;
  }
}
