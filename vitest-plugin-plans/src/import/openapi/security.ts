/**
 * Security requirements as request credentials. A plan is shared and
 * committed, so every credential is an env entry read from the process
 * environment, `{ fromEnv: NAME, default: "", secret: true }`, scrubbed
 * from every output; `added:` names NAME once per scheme. The operation's
 * `security` overrides the document's, an empty requirement (`{}`) means
 * anonymous access is allowed, and of several alternatives the first is
 * used. OAuth2 and OpenID Connect send a bearer token the user supplies:
 * the plan does not run a token flow.
 */
import type { EnvEntry } from '../types.js';
import { envIdentifier } from '../names.js';
import { isObject, type Json } from './read.js';
import type { Refs } from './refs.js';
import { escapeTemplate } from './request.js';

/**
 * Parameter names whose value is a credential (`password` headers, `api_key`
 * query parameters, `session` cookies), judged as the request-file and curl
 * importers judge header names: a false positive costs an env variable to
 * set, a false negative commits the document's example credential.
 */
const CREDENTIAL_PARAMETER = /^(authorization|proxy-authorization|cookie)$|token|secret|passw|^pwd$|api[-_]?key|apikey|auth|session|signature|credential|private|(^|[-_])key$/i;

/** True for a header, query or cookie parameter whose value is a credential. */
export function isCredentialParameter(name: string): boolean {
  // An idempotency key is a client-chosen nonce, not a credential; its example is safe to send.
  return CREDENTIAL_PARAMETER.test(name) && !/idempotency/i.test(name);
}

/** What a requirement adds to one request. */
export interface Credentials {
  headers: Record<string, string>;
  query: Array<[string, string]>;
  cookies: string[];
}

/** True for schemes a plan can send: http bearer and basic, apiKey, OAuth2 and OpenID Connect tokens. */
function supported(s: Json | undefined): boolean {
  if (!isObject(s)) return false;
  if (s.type === 'http') return /^(bearer|basic)$/i.test(String(s.scheme ?? ''));
  if (s.type === 'apiKey') return typeof s.name === 'string' && ['header', 'query', 'cookie'].includes(String(s.in));
  return s.type === 'oauth2' || s.type === 'openIdConnect';
}

/** Scheme → env entries, shared across operations. */
export class SecuritySchemes {
  private readonly idOf = new Map<string, string | null>();

  constructor(
    private readonly refs: Refs,
    private readonly env: Record<string, EnvEntry>,
    private readonly added: string[],
    private readonly notTranslated: string[],
  ) {}

  /** Credentials for an operation (`task` names it in messages). */
  forOperation(op: { [k: string]: Json }, task: string): Credentials {
    const out: Credentials = { headers: {}, query: [], cookies: [] };
    const root = this.refs.root;
    const requirements = op.security ?? (isObject(root) ? root.security : undefined);
    if (!Array.isArray(requirements) || requirements.length === 0) return out;
    const schemes = isObject(root) && isObject(root.components) && isObject(root.components.securitySchemes) ? root.components.securitySchemes : {};
    const schemeOf = (name: string) => this.refs.deref(schemes[name]).value;
    // Alternatives: the first the plan can send in full, else the first as written.
    const chosen = requirements.find((r) => isObject(r) && Object.keys(r).every((n) => supported(schemeOf(n)))) ?? requirements[0];
    if (!isObject(chosen)) return out;
    for (const name of Object.keys(chosen)) {
      const scheme = schemeOf(name);
      if (!isObject(scheme)) {
        this.notTranslated.push(`${task}: security scheme ${name} is not defined under components.securitySchemes; sent without it`);
        continue;
      }
      this.apply(name, scheme, task, out);
    }
    return out;
  }

  private apply(name: string, s: { [k: string]: Json }, task: string, out: Credentials): void {
    const type = String(s.type);
    const httpScheme = String(s.scheme ?? '').toLowerCase();
    if ((type === 'http' && httpScheme === 'bearer') || type === 'oauth2' || type === 'openIdConnect') {
      const why = type === 'http' ? 'http bearer' : `${type}; the plan does not fetch tokens: set it to an access token`;
      out.headers.Authorization = `Bearer {{ env.${this.secret(name, why)} }}`;
    } else if (type === 'http' && httpScheme === 'basic') {
      out.headers.Authorization = `Basic {{ env.${this.secret(name, 'http basic; set it to the base64 of user:password')} }}`;
    } else if (type === 'apiKey' && typeof s.name === 'string' && ['header', 'query', 'cookie'].includes(String(s.in))) {
      const value = `{{ env.${this.secret(name, `apiKey in ${String(s.in)} ${s.name}`)} }}`;
      if (s.in === 'header') out.headers[s.name] = value;
      else if (s.in === 'query') out.query.push([encodeURIComponent(s.name), value]);
      else out.cookies.push(`${escapeTemplate(s.name)}=${value}`);
    } else {
      const hint = type === 'mutualTLS' ? ' (run with runner run --client-cert and --client-key)' : '';
      this.notTranslated.push(`${task}: security scheme ${name} (${type}${httpScheme ? ` ${httpScheme}` : ''}): no plan equivalent; sent without it${hint}`);
    }
  }

  /**
   * The env id holding a credential-named parameter (see isCredentialParameter),
   * shared by every operation that sends it; the document's example is never copied.
   */
  forParameter(name: string, where: string): string {
    return this.secret(`${where} parameter ${name}`, 'its documented example is not copied', name);
  }

  /** The env id holding a scheme's credential, created on first use. */
  private secret(scheme: string, why: string, idFrom = scheme): string {
    const known = this.idOf.get(scheme);
    if (known) return known;
    const base = envIdentifier(idFrom.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase());
    let id = base;
    for (let n = 2; id in this.env; n++) id = `${base}_${n}`;
    const variable = id.toUpperCase();
    this.env[id] = { fromEnv: variable, default: '', secret: true };
    this.idOf.set(scheme, id);
    this.added.push(`env.${id}: secret, read from $${variable} (empty when unset): ${idFrom === scheme ? 'security scheme ' : ''}${scheme} (${why})`);
    return id;
  }
}
