/**
 * Postman auth → request headers (or query parameters) templated from env.
 * The plan has no auth block (plan-runner.md §5: credentials are values in
 * templated headers), so each scheme becomes the header Postman would send.
 * Inheritance follows Postman: a request without auth, or with `inherit`,
 * uses its folder's, then the collection's; `noauth` stops the walk. The
 * credential itself never enters the plan: it becomes an env secret read
 * from the process environment, named once per auth block.
 */
import type { PmAuth } from './sdk.js';
import type { Notes, VariableScope } from './variables.js';

/** A place auth can be set: the request, a folder, or the collection. */
export interface AuthOwner {
  auth?: PmAuth;
  /** How messages name it: `the collection`, `folder "Users"`, `request "Users / Get"`. */
  where: string;
}

/** What an auth block adds to a request. */
export interface AuthParts {
  headers: Array<[string, string]>;
  query: Array<[string, string]>;
}

const NONE: AuthParts = { headers: [], query: [] };

/** The auth that applies: the first owner (request first) whose auth is not `inherit`. */
export function effectiveAuth(owners: AuthOwner[]): { auth: PmAuth; owner: AuthOwner } | undefined {
  for (const owner of owners) {
    const type = owner.auth?.type;
    if (!type || type === 'inherit') continue;
    return type === 'noauth' ? undefined : { auth: owner.auth!, owner };
  }
  return undefined;
}

/**
 * Translates auth blocks. Env secrets and messages are made once per block
 * (requests sharing a folder's auth share its secrets); the templates are
 * made per request, because `{{token}}` reads the task result of a login
 * request once one has set it, and the env entry before.
 */
export class AuthTranslator {
  private readonly secrets = new Map<PmAuth, Map<string, string>>();
  private readonly seen = new Set<PmAuth>();
  private readonly params = new Map<PmAuth, Record<string, unknown>>();
  private current: PmAuth | undefined;
  constructor(private readonly vars: VariableScope, private readonly notes: Notes) {}

  /** The headers and query parameters of the auth that applies to a request. */
  partsFor(owners: AuthOwner[]): AuthParts {
    const found = effectiveAuth(owners);
    if (!found) return NONE;
    this.current = found.auth;
    const first = !this.seen.has(found.auth);
    this.seen.add(found.auth);
    return this.translate(found.auth, found.owner.where, first);
  }

  private translate(auth: PmAuth, where: string, first: boolean): AuthParts {
    let p = this.params.get(auth);
    if (!p) this.params.set(auth, (p = auth.parameters().toObject()));
    const text = (k: string) => (p[k] === undefined || p[k] === null ? '' : String(p[k]));
    switch (auth.type) {
      case 'bearer':
        return { headers: [['Authorization', `Bearer ${this.secret(text('token'), `the bearer token of ${where}`, 'token', where)}`]], query: [] };
      case 'basic': {
        // The password goes into BASIC_AUTH by hand; a collection variable holding it must still not be copied.
        for (const name of refs(text('password'))) if (this.vars.isDefined(name)) this.vars.makeSecret(name, `the basic-auth password of ${where}`);
        const user = text('username');
        const id = this.once('basicAuth', () => this.vars.newSecret('basicAuth', `the basic-auth credentials of ${where}`,
          `; set it to the base64 of ${user || '<username>'}:<password>, e.g. printf '%s' '${user || '<username>'}:<password>' | base64 (plan templates have no base64 function)`));
        return { headers: [['Authorization', `Basic {{ env.${id} }}`]], query: [] };
      }
      case 'apikey': {
        const key = text('key');
        const value = this.secret(text('value'), `the API key of ${where}`, 'apiKey', where);
        if (text('in') === 'query') return { headers: [], query: [[this.vars.template(key, where), value]] };
        if (key === '' || key.includes('{{')) return this.untranslated(first, where, `auth apikey: the header name ${JSON.stringify(key)} is not a literal name`);
        return { headers: [[key, value]], query: [] };
      }
      case 'oauth2': {
        if (text('accessToken') === '') return this.untranslated(first, where, 'auth oauth2 without a stored access token (the plan does not fetch tokens)');
        if (first) this.notes.added.push(`${where}: auth oauth2 sends its stored access token; the plan does not fetch or refresh tokens`);
        const token = this.secret(text('accessToken'), `the OAuth 2.0 access token of ${where}`, 'accessToken', where);
        if (text('addTokenTo') === 'queryParams') return { headers: [], query: [['access_token', token]] };
        return { headers: [['Authorization', `${text('headerPrefix') || 'Bearer'} ${token}`]], query: [] };
      }
      default:
        return this.untranslated(first, where, `auth ${auth.type} (requests that use it are sent without it)`);
    }
  }

  private untranslated(first: boolean, where: string, what: string): AuthParts {
    if (first) this.notes.notTranslated.push(`${where}: ${what}`);
    return NONE;
  }

  /**
   * The template for a credential. One written as `{{var}}` makes that
   * variable a secret (its collection value is not copied); one written
   * inline becomes a new env secret, empty until the user sets it.
   */
  private secret(value: string, why: string, wanted: string, where: string): string {
    const names = refs(value);
    // One token pasted into several auth blocks (a common export) is one credential: one env entry.
    if (names.length === 0 && value !== '') return `{{ env.${this.once(wanted, () => this.vars.literalSecret(wanted, value, why))} }}`;
    if (names.length === 0) return `{{ env.${this.once(wanted, () => this.vars.newSecret(wanted, why))} }}`;
    for (const name of names) this.vars.makeSecret(name, why);
    return this.vars.template(value, where);
  }

  /** The env secret of the current auth block for `wanted`, made on first use. */
  private once(wanted: string, make: () => string): string {
    let ids = this.secrets.get(this.current!);
    if (!ids) this.secrets.set(this.current!, (ids = new Map()));
    let id = ids.get(wanted);
    if (id === undefined) ids.set(wanted, (id = make()));
    return id;
  }
}

/** The Postman variables `{{x}}` a text reads (dynamic `$` ones left out). */
function refs(text: string): string[] {
  return [...text.matchAll(/\{\{([^{}]+)\}\}/g)].map((m) => m[1]!.trim()).filter((n) => !n.startsWith('$'));
}
