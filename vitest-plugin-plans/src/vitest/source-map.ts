/**
 * A source map from generated test-module lines back to the plan's YAML
 * (Source Map Revision 3). Vitest takes a test's location, and a failure's
 * code frame, from the source-mapped stack of the generated line, so every
 * line that matters maps its column 0 to one YAML position; a lookup at any
 * later column on that line lands on the same segment (greatest lower bound).
 */

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Base64 VLQ of one signed integer (the sign in the lowest bit, 5 bits a digit).
 *
 * @example vlq(0) // 'A'
 * @example vlq(-1) // 'D'
 * @example vlq(16) // 'gB'
 */
export function vlq(n: number): string {
  let v = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    out += B64[digit];
  } while (v > 0);
  return out;
}

/** Where a generated line points in the source: 1-based line and column. */
export interface LineOrigin {
  line: number;
  column: number;
}

/** A source map object as Vite's `transform` hook takes it. */
export interface SourceMapV3 {
  version: 3;
  file: string;
  sources: string[];
  sourcesContent: string[];
  names: string[];
  mappings: string;
}

/**
 * Builds the map of a generated module with one source: `origins[i]` is the
 * YAML position of generated line i + 1, or `undefined` for a line that maps
 * nowhere (imports, the describe call).
 */
export function buildLineMap(file: string, source: string, sourceText: string, origins: ReadonlyArray<LineOrigin | undefined>): SourceMapV3 {
  let prevLine = 0;
  let prevCol = 0;
  const lines = origins.map((o) => {
    if (!o) return '';
    // Fields: generated column (reset each line), source index (always 0, delta 0), line delta, column delta.
    const seg = vlq(0) + vlq(0) + vlq(o.line - 1 - prevLine) + vlq(o.column - 1 - prevCol);
    prevLine = o.line - 1;
    prevCol = o.column - 1;
    return seg;
  });
  return { version: 3, file, sources: [source], sourcesContent: [sourceText], names: [], mappings: lines.join(';') };
}
