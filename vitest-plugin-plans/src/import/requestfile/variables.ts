/**
 * `{{ … }}` holes of a request file as plan templates. A hole is one of:
 * a file variable (`@host = …` → `env.host`, its value templated over the
 * entries above it), a value another request produced (REST Client's
 * `{{login.response.body.$.token}}`, httpyac's `{{login.token}}`, a JetBrains
 * `client.global.set`) → `tasks.<t>.results.<k>`, a system variable, or a
 * name defined elsewhere (an environment file, or nowhere) → an env entry
 * read from the process environment. Secrets are never copied: a credential
 * becomes `{ fromEnv: NAME, default: "", secret: true }` and `added:` names
 * NAME. Variables are looked up as JetBrains and httpyac do (the latest
 * definition above the request, else the first below: REST Client's are
 * file-wide, and one definition per name reads the same either way).
 */
import type { EnvEntry } from '../types.js';
import { envIdentifier } from '../names.js';
import { planHeader, planPath, jsonPathSegments } from './asserts.js';
import type { EnvFileValues } from './env-files.js';
import type { VarDef } from './parse.js';
import { SECRET_NAME, type ResultRegistry } from './results.js';
import { systemVariable, type SystemContext } from './system-variables.js';

/** Where a hole is, for messages and for result ordering. */
export interface HoleSite {
  task: string;
  /** Index of the request the text belongs to. */
  index: number;
  line: number;
  /** The text is a credential header value: results it reads become secret. */
  credential?: boolean;
}

/** What the variables need from the rest of the import. */
export interface VariableContext {
  vars: VarDef[];
  /** `@name` of a request → its task. */
  taskOf: Map<string, string>;
  /** `client.global.set` names → the requests that set them, in file order. */
  setters: Map<string, Array<{ index: number; task: string; key: string }>>;
  envFile?: EnvFileValues;
  /** Variables sent as credentials (read from the environment, never copied). */
  secretNames: Set<string>;
  /** Variables REST Client asks for when it sends (`# @prompt name`). */
  prompts: Set<string>;
  results: ResultRegistry;
  added: string[];
  notTranslated: string[];
}

interface Slot {
  entry: EnvEntry;
  deps: string[];
  /** The defining line of a file variable (env keeps file order). */
  line?: number;
}

/** Translates holes and builds the plan's `env`. */
export class RequestVariables implements SystemContext {
  private readonly slots = new Map<string, Slot>();
  private readonly idOfDef = new Map<VarDef, string | null>();
  private readonly idOfName = new Map<string, string>();
  private readonly inProgress = new Set<VarDef>();
  private readonly expanding = new Set<VarDef>();
  private readonly said = new Set<string>();

  constructor(private readonly ctx: VariableContext) {}

  /** Text with every hole translated; literal text kept (a stray `{{` is escaped, templates have no other escape). */
  translate(text: string, site: HoleSite, deps?: string[]): string {
    let out = '';
    let pos = 0;
    for (const m of text.matchAll(/\{\{(.*?)\}\}/gs)) {
      out += escape(text.slice(pos, m.index));
      pos = m.index + m[0].length;
      // Multi-line text (a body) starts at site.line: each hole is reported at its own line.
      const line = site.line + text.slice(0, m.index).split('\n').length - 1;
      out += this.hole(m[1]!.trim(), m[0], { ...site, line }, deps);
    }
    return out + escape(text.slice(pos));
  }

  /**
   * The text with file variables expanded to their values, when every hole is
   * one and resolves to literal text; undefined otherwise. For reading what a
   * header says (`Content-Type: {{contentType}}`), never for sending.
   */
  literal(text: string, index: number, depth = 0): string | undefined {
    if (depth > 20) return undefined;
    let failed = false;
    const out = text.replace(/\{\{(.*?)\}\}/g, (_, inner: string) => {
      const def = this.definition(inner.trim(), index);
      const v = def ? this.literal(def.value, def.before, depth + 1) : undefined;
      if (v === undefined) failed = true;
      return v ?? '';
    });
    return failed ? undefined : out;
  }

  /** The plan's env: file variables in file order, the rest in order of first use, each after the entries it reads. */
  env(): Record<string, EnvEntry> | undefined {
    const out: Record<string, EnvEntry> = {};
    const visit = (id: string, seen: Set<string>) => {
      if (id in out || seen.has(id)) return;
      seen.add(id);
      for (const d of this.slots.get(id)!.deps) visit(d, seen);
      out[id] = this.slots.get(id)!.entry;
    };
    const ids = [...this.slots.keys()];
    const rank = (id: string) => this.slots.get(id)!.line ?? Infinity;
    for (const id of ids.sort((a, b) => rank(a) - rank(b) || ids.indexOf(a) - ids.indexOf(b))) visit(id, new Set());
    return this.slots.size > 0 ? out : undefined;
  }

  /** Records a note once per key. */
  once(key: string, list: 'added' | 'notTranslated', line: string): void {
    if (this.said.has(key)) return;
    this.said.add(key);
    this.ctx[list].push(line);
  }

  /** An env entry read from the process environment (`{ fromEnv, default: "" }`), shared by name. */
  fromEnv(name: string, variable: string, secret: boolean, why: string): string {
    const known = this.idOfName.get(`env:${variable}`);
    if (known) return known;
    const id = this.claim(name);
    this.idOfName.set(`env:${variable}`, id);
    this.slots.set(id, { entry: { fromEnv: variable, default: '', ...(secret ? { secret: true } : {}) }, deps: [] });
    this.ctx.added.push(`env.${id}: ${secret ? 'secret, ' : ''}read from $${variable} (empty when unset): ${why}`);
    return id;
  }

  private hole(inner: string, written: string, site: HoleSite, deps: string[] | undefined): string {
    if (inner.startsWith('$')) return systemVariable(this, inner, written, site, deps);
    const produced = this.produced(inner, written, site, deps);
    if (produced !== undefined) return produced;
    if (!/^[\w.-]+$/.test(inner)) {
      this.ctx.notTranslated.push(`${site.task} (line ${site.line}): ${written}: a script expression; plan templates read env, run and task results only (sent as written)`);
      return escape(written);
    }
    const def = this.definition(inner, site.index);
    if (def) {
      const id = this.envOf(def);
      if (id !== null) {
        deps?.push(id);
        return `{{ env.${id} }}`;
      }
      // The value reads another request's response: an env entry cannot, so the value is written in place.
      if (this.expanding.has(def)) {
        this.ctx.notTranslated.push(`${site.task} (line ${site.line}): ${written}: @${def.name} refers to itself (sent as written)`);
        return escape(written);
      }
      this.expanding.add(def);
      const text = this.translate(def.value, site, deps);
      this.expanding.delete(def);
      return text;
    }
    const id = this.undefinedVariable(inner);
    deps?.push(id);
    return `{{ env.${id} }}`;
  }

  /** A value another request produced, or undefined when the hole is not one. */
  private produced(inner: string, written: string, site: HoleSite, deps: string[] | undefined): string | undefined {
    const [head, ...rest] = inner.split('.');
    let producer = this.ctx.taskOf.get(head!);
    let key: string | undefined;
    if (producer && rest.length > 0) {
      const expr = responseExpression(rest.join('.'));
      if (!expr) {
        this.ctx.notTranslated.push(`${site.task} (line ${site.line}): ${written}: only response.body JSONPaths ($.a.b[0]) and response.headers.<name> translate (sent as written)`);
        return escape(written);
      }
      key = this.ctx.results.declare(producer, expr.key, expr.expr, !!site.credential);
    } else {
      const setters = rest.length === 0 ? this.ctx.setters.get(inner) : undefined;
      const setter = setters && ([...setters].reverse().find((s) => s.index < site.index) ?? setters.find((s) => s.index !== site.index));
      if (!setter) return undefined;
      producer = setter.task;
      key = setter.key;
      if (site.credential) this.ctx.results.markSecret(producer, key);
    }
    if (deps) {
      // An env entry is rendered before any task runs; it cannot read a response.
      deps.push('\0task');
      return '';
    }
    if (!this.ctx.results.link(site.task, producer)) {
      this.ctx.notTranslated.push(`${site.task} (line ${site.line}): ${written}: reading ${producer} here would make the tasks wait for each other in a circle (sent as written)`);
      return escape(written);
    }
    return `{{ tasks.${producer}.results.${key} }}`;
  }

  private definition(name: string, index: number): VarDef | undefined {
    const defs = this.ctx.vars.filter((v) => v.name === name);
    return [...defs].reverse().find((v) => v.before <= index) ?? defs[0];
  }

  /** The env id of a file variable, or null when its value reads a response (written in place instead). */
  private envOf(def: VarDef): string | null {
    const known = this.idOfDef.get(def);
    if (known !== undefined) return known;
    if (this.inProgress.has(def)) return null;
    this.inProgress.add(def);
    const deps: string[] = [];
    const site = { task: `@${def.name}`, index: def.before, line: def.line };
    const value = this.translate(def.value, site, deps);
    this.inProgress.delete(def);
    if (deps.includes('\0task')) {
      this.idOfDef.set(def, null);
      return null;
    }
    const twin = [...this.idOfDef].find(([d, id]) => id !== null && d.name === def.name && d.value === def.value);
    if (twin) {
      this.idOfDef.set(def, twin[1]);
      return twin[1];
    }
    const secret = (SECRET_NAME.test(def.name) || this.ctx.secretNames.has(def.name)) && !def.value.includes('{{');
    if (secret && def.value !== '') {
      const id = this.fromEnv(def.name, upperSnake(def.name), true, `the file's @${def.name} at line ${def.line} is a credential; its value was not copied`);
      this.idOfDef.set(def, id);
      return id;
    }
    const id = this.claim(def.name);
    this.idOfDef.set(def, id);
    this.slots.set(id, { entry: value, deps, line: def.line });
    return id;
  }

  /** A name the file uses but does not define: from the environment file, else the process environment. */
  private undefinedVariable(name: string): string {
    const known = this.idOfName.get(name);
    if (known) return known;
    const file = this.ctx.envFile;
    let id: string;
    if (file?.values.has(name) && !file.privateNames.has(name) && !SECRET_NAME.test(name) && !this.ctx.secretNames.has(name)) {
      id = this.claim(name);
      this.slots.set(id, { entry: file.values.get(name)!, deps: [] });
      this.ctx.added.push(`env.${id}: from ${file.label}`);
    } else {
      const inPrivate = !!file?.privateNames.has(name);
      const inPublic = !!file?.values.has(name);
      const secret = SECRET_NAME.test(name) || this.ctx.secretNames.has(name) || inPrivate || inPublic;
      const why = inPrivate
        ? `{{${name}}} is in http-client.private.env.json; its value was not copied`
        : inPublic
          ? `{{${name}}} is a credential in http-client.env.json; its value was not copied`
          : this.ctx.prompts.has(name)
            ? `the file prompts for {{${name}}} (# @prompt)`
            : `{{${name}}} is used but not defined in the file`;
      id = this.fromEnv(name, upperSnake(name), secret, why);
    }
    this.idOfName.set(name, id);
    return id;
  }

  private claim(name: string): string {
    const base = envIdentifier(name);
    let id = base;
    for (let n = 2; this.slots.has(id); n++) id = `${base}_${n}`;
    this.slots.set(id, { entry: '', deps: [] });
    return id;
  }
}

/** `response.body.$.a[0]` → `body.a[0]`; `response.headers.X-Total` → its header; httpyac's `a.b` → `body.a.b`. */
function responseExpression(path: string): { key: string; expr: string } | undefined {
  const m = /^(response|request)\.(body|headers)\.(.+)$/.exec(path);
  if (m) {
    if (m[1] === 'request') return undefined;
    if (m[2] === 'headers') return { key: m[3]!.toLowerCase(), expr: planHeader(m[3]!) };
    if (m[3] === '*' || m[3] === '$') return { key: 'body', expr: 'body' };
    const segments = jsonPathSegments(m[3]!);
    if (!segments) return undefined;
    const last = [...segments].reverse().find((s) => typeof s === 'string');
    return { key: (last as string | undefined) ?? 'body', expr: planPath('body', segments) };
  }
  if (/^(response|request)\b/.test(path)) return undefined;
  const segments = jsonPathSegments(`$.${path}`);
  if (!segments) return undefined;
  const last = [...segments].reverse().find((s) => typeof s === 'string');
  return { key: (last as string | undefined) ?? 'body', expr: planPath('body', segments) };
}

/** `api-key` → `API_KEY`: the spelling of an environment variable. */
export function upperSnake(name: string): string {
  return envIdentifier(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2')).toUpperCase();
}

/** Literal text in a template: plan templates have no escape, so `{{` is written as a hole whose value is `{{`. */
export function escape(text: string): string {
  return text.replaceAll('{{', '{{ "{{" }}');
}
