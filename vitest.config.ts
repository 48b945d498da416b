import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Tests import sibling workspaces from their TypeScript sources, never from a
// possibly stale dist/ (dist/ is what the published executables run).
// `vitest-plugin-plans/<sub>` maps to `src/<sub>/index.ts`, mirroring the package's exports.
const pluginSrc = fileURLToPath(new URL('./vitest-plugin-plans/src/', import.meta.url));
const alias = [
  { find: /^vitest-plugin-plans$/, replacement: `${pluginSrc}index.ts` },
  { find: /^vitest-plugin-plans\/(plan|engine|vitest|report|events|expr)$/, replacement: `${pluginSrc}$1/index.ts` },
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'service', root: './service', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
      },
      {
        resolve: { alias },
        test: { name: 'vitest-plugin-plans', root: './vitest-plugin-plans', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        resolve: { alias },
        test: { name: 'cli', root: './cli', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000 },
      },
    ],
  },
});
