/** Every subpath the package exports names a module that exists (its source, which tsc builds into dist/). */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, string> };

describe('package.json exports', () => {
  it.each(Object.entries(pkg.exports))('%s → %s exists', (_name, target) => {
    const source = target.startsWith('./dist/') ? target.replace('./dist/', './src/').replace(/\.js$/, '.ts') : target;
    expect(existsSync(new URL(`../${source}`, import.meta.url)), source).toBe(true);
  });
});
