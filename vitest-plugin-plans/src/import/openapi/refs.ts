/**
 * `$ref` resolution for import: refs inside the document and to files
 * beside it (the same reach the `response matches openapi` matcher has);
 * a remote ref is refused, as the matcher refuses it. Every value carries
 * the file it came from, so a ref inside a sibling file resolves against
 * that file. A ref that does not resolve is a fault of the document
 * (ImportInputError), located by searching for its text.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { ImportInputError } from '../types.js';
import { isObject, parseYamlOrJson, positionOf, type Json } from './read.js';

/** A value and the document file it belongs to (relative to the input's folder). */
export interface Located {
  value: Json | undefined;
  file: string;
}

/** Resolves refs for one import. */
export class Refs {
  private readonly files = new Map<string, Json>();

  /**
   * @param root the input document
   * @param file the input's name relative to `dir`
   * @param dir the input's folder
   * @param text the input's text (to locate a bad ref)
   */
  constructor(root: Json, readonly file: string, private readonly dir: string, private readonly text: string) {
    this.files.set(file, root);
  }

  /** The root document. */
  get root(): Json {
    return this.files.get(this.file)!;
  }

  /** Follows `$ref` chains (at most 50) from a value found in `file`. */
  deref(value: Json | undefined, file: string = this.file): Located {
    let cur: Located = { value, file };
    for (let hops = 0; hops < 50; hops++) {
      const ref = isObject(cur.value) ? cur.value.$ref : undefined;
      if (typeof ref !== 'string') return cur;
      cur = this.target(ref, cur.file);
    }
    throw new ImportInputError(`${positionOf(this.text, '$ref')}: $ref chains loop back on themselves`);
  }

  /** The `$ref` key that `deref` would follow first, with its file, for recursion checks. */
  refKey(value: Json | undefined, file: string): string | undefined {
    const ref = isObject(value) ? value.$ref : undefined;
    if (typeof ref !== 'string') return undefined;
    const [path, fragment = ''] = ref.split('#');
    return `${path ? normalize(join(dirname(file), path)) : file}#${fragment}`;
  }

  private target(ref: string, from: string): Located {
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) throw new ImportInputError(`${this.where(ref)}: remote $ref ${ref} is refused; keep referenced documents in files beside ${this.file}`);
    const [path, fragment = ''] = ref.split('#');
    const file = path ? normalize(join(dirname(from), path)) : from;
    let doc = this.files.get(file);
    if (doc === undefined) {
      let text: string;
      try {
        text = readFileSync(join(this.dir, file), 'utf8');
      } catch {
        throw new ImportInputError(`${this.where(ref)}: $ref ${ref}: cannot read ${file}`);
      }
      doc = parseYamlOrJson(text, `${file}: `);
      this.files.set(file, doc);
    }
    let cur: Json | undefined = doc;
    for (const raw of fragment.split('/').slice(1)) {
      const seg = safeDecode(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      cur = Array.isArray(cur) ? cur[Number(seg)] : isObject(cur) ? cur[seg] : undefined;
      if (cur === undefined) throw new ImportInputError(`${this.where(ref)}: $ref ${ref} does not resolve (no ${seg} there)`);
    }
    return { value: cur, file };
  }

  private where(ref: string): string {
    const i = this.text.indexOf(ref);
    if (i < 0) return 'line 1, column 1';
    const before = this.text.slice(0, i);
    return `line ${before.split('\n').length}, column ${i - before.lastIndexOf('\n')}`;
  }
}

/** A pointer segment with `%xx` escapes decoded; a malformed escape is taken as written. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
