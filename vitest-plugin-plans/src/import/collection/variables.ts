/**
 * Postman `{{name}}` variables, moved into the plan's world: a collection
 * variable becomes an `env` entry, a variable a test script set becomes the
 * result of the task that set it (so later requests read
 * `{{ tasks.<task>.results.<key> }}` and the plan derives the edge), and a
 * variable the collection uses but never defines (it lived in a Postman
 * environment) becomes an empty env entry the user fills in. Credentials are
 * never copied: their entries read the process environment and are secrets.
 */
import { envIdentifier } from '../names.js';
import type { EnvEntry } from '../types.js';
import { escapeTemplate, upperSnake } from './http-parts.js';

/** The two lists every importer fills. */
export interface Notes {
  added: string[];
  notTranslated: string[];
}

/** A collection variable as the importer reads it. */
export interface CollectionVariable {
  key: string;
  value: unknown;
  secret: boolean;
}

interface Slot {
  value: EnvEntry;
  /** Env names its value reads (it must come after them). */
  deps: string[];
}

/** Postman dynamic variables the plan's templates can express. */
const DYNAMIC: Record<string, string> = { $guid: 'run.id', $randomUUID: 'run.id' };

/** Variable names that hold credentials (their values are not copied). */
export const SECRET_NAME = /pass(word|wd)?$|^pwd$|secret|token|api[-_]?key|credential|private[-_]?key|session[-_]?id|cookie|bearer/i;

/** The variables of one import, in collection order. */
export class VariableScope {
  private readonly slots = new Map<string, Slot>();
  private readonly idOf = new Map<string, string>();
  private readonly setters = new Map<string, { task: string; key: string }>();
  private readonly said = new Set<string>();
  private readonly literals = new Map<string, string>();

  constructor(private readonly notes: Notes, vars: CollectionVariable[]) {
    // Names first: a value may read a variable defined below it.
    const ids = vars.map((v) => this.claim(v.key));
    vars.forEach((v, i) => {
      const id = ids[i]!;
      if (v.secret || SECRET_NAME.test(v.key)) {
        this.slots.set(id, { value: this.secretEntry(id, `the collection variable ${v.key}; its value was not copied`), deps: [] });
        return;
      }
      const literal = typeof v.value === 'number' || typeof v.value === 'boolean' ? v.value : String(v.value ?? '');
      const slot: Slot = { value: literal, deps: [] };
      this.slots.set(id, slot);
      if (typeof literal === 'string') slot.value = this.translate(literal, `collection variable ${v.key}`, slot.deps);
    });
  }

  /** True when the collection defines the variable (or the import already made its entry). */
  isDefined(pmName: string): boolean {
    return this.idOf.has(pmName);
  }

  /**
   * The env name of a Postman variable, creating an entry for one the
   * collection never defines: empty, or a secret when it holds a credential.
   */
  envName(pmName: string, secret = false): string {
    const known = this.idOf.get(pmName);
    if (known !== undefined) return known;
    const id = this.claim(pmName);
    if (secret || SECRET_NAME.test(pmName)) {
      this.slots.set(id, { value: this.secretEntry(id, `{{${pmName}}} is used but the collection does not define it`), deps: [] });
    } else {
      this.slots.set(id, { value: '', deps: [] });
      this.notes.added.push(`env.${id} = "": {{${pmName}}} is used but the collection does not define it (a Postman environment variable?); set RUNNER_ENV_${id} or edit the plan`);
    }
    return id;
  }

  /** Makes a variable's entry a secret read from the process environment (its value is not copied). */
  makeSecret(pmName: string, why: string): string | undefined {
    // Read from a task's result and never defined in the collection: there is no value to hide.
    if (this.setters.has(pmName) && !this.idOf.has(pmName)) return undefined;
    const id = this.envName(pmName, true);
    const slot = this.slots.get(id)!;
    if (typeof slot.value !== 'object' || !slot.value.secret) this.slots.set(id, { value: this.secretEntry(id, `${why}; the collection's value was not copied`), deps: [] });
    return id;
  }

  /** A new secret entry for a credential written inline in the collection. */
  newSecret(wanted: string, why: string, hint = ''): string {
    const id = this.claim(`\0${wanted}`, wanted);
    this.slots.set(id, { value: this.secretEntry(id, `${why}; its value was not copied`, hint), deps: [] });
    return id;
  }

  /**
   * The env secret for a credential written inline (a header value), one
   * per distinct value: fifty requests with the same token share one entry.
   */
  literalSecret(wanted: string, literal: string, why: string, hint = ''): string {
    const key = `${wanted}\0${literal}`;
    let id = this.literals.get(key);
    if (id === undefined) this.literals.set(key, (id = this.newSecret(wanted, why, hint)));
    return id;
  }

  /** From now on `{{pmName}}` reads the result `key` of `task`. */
  setByTask(pmName: string, task: string, key: string): void {
    this.setters.set(pmName, { task, key });
  }

  /** Where a script-set variable's value comes from now (for script expressions), or undefined. */
  resultOf(pmName: string): { task: string; key: string } | undefined {
    return this.setters.get(pmName);
  }

  /** Postman text with `{{var}}` as plan template text, for a request value. */
  template(text: string, where: string): string {
    return this.translate(text, where, undefined);
  }

  /** The plan's `env` block, each entry after the entries it reads. */
  envDoc(): Record<string, EnvEntry> | undefined {
    if (this.slots.size === 0) return undefined;
    const out: Record<string, EnvEntry> = {};
    const pending = [...this.slots.keys()];
    while (pending.length > 0) {
      const i = pending.findIndex((id) => this.slots.get(id)!.deps.every((d) => d === id ? false : d in out || !this.slots.has(d)));
      if (i < 0) {
        // A cycle between collection variables: Postman would leave the inner `{{x}}` as text too.
        const id = pending.shift()!;
        this.notes.notTranslated.push(`collection variable ${id}: its value refers to itself through other variables; left empty`);
        out[id] = '';
        continue;
      }
      const [id] = pending.splice(i, 1);
      out[id!] = this.slots.get(id!)!.value;
    }
    return out;
  }

  private translate(text: string, where: string, envDeps: string[] | undefined): string {
    let out = '';
    let pos = 0;
    for (const m of text.matchAll(/\{\{([^{}]+)\}\}/g)) {
      out += escapeTemplate(text.slice(pos, m.index));
      pos = m.index + m[0].length;
      const name = m[1]!.trim();
      if (name.startsWith('$')) {
        out += this.dynamic(name, m[0], where);
        continue;
      }
      const setter = envDeps ? undefined : this.setters.get(name);
      if (setter) {
        out += `{{ tasks.${setter.task}.results.${setter.key} }}`;
        continue;
      }
      const id = this.envName(name);
      envDeps?.push(id);
      out += `{{ env.${id} }}`;
    }
    return out + escapeTemplate(text.slice(pos));
  }

  private dynamic(name: string, written: string, where: string): string {
    const expr = DYNAMIC[name];
    if (expr) {
      this.once(`dyn ${name}`, () => this.notes.added.push(`{{${name}}} became {{ ${expr} }}: one ULID per run, not a new value at each use`));
      return `{{ ${expr} }}`;
    }
    this.notes.notTranslated.push(`${where}: ${written} (plan templates have no such function; sent as written)`);
    return escapeTemplate(written);
  }

  private secretEntry(id: string, why: string, hint = ''): EnvEntry {
    const variable = upperSnake(id);
    this.notes.added.push(`env.${id}: secret read from $${variable} (${why})${hint}`);
    return { fromEnv: variable, default: '', secret: true };
  }

  /** A unique env identifier for a Postman name (two names may slug alike). */
  private claim(pmName: string, wanted = pmName): string {
    const base = envIdentifier(wanted);
    let id = base;
    for (let n = 2; this.slots.has(id); n++) id = `${base}_${n}`;
    this.idOf.set(pmName, id);
    this.slots.set(id, { value: '', deps: [] });
    return id;
  }

  private once(key: string, f: () => void): void {
    if (this.said.has(key)) return;
    this.said.add(key);
    f();
  }
}
