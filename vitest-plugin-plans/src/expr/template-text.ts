/** The text a `{{ }}` template hole substitutes for a value (the one definition: templates and secrets use it). */
import { formatDuration } from './duration.js';
import { toJsonText } from './json-exact.js';
import type { Value } from './values.js';

/**
 * Text a `{{ }}` template substitutes for a value: strings as they are,
 * numbers exactly as written, durations as literals, nil as empty, the rest as JSON.
 * @example templateText(dur(...200ms)) // '200ms', not '"200ms"'
 */
export function templateText(v: Value): string {
  switch (v.k) {
    case 'str':
      return v.v;
    case 'nil':
      return '';
    case 'dur':
      return formatDuration(v.ns);
    default:
      return toJsonText(v);
  }
}
