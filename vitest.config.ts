import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { plansPlugin } from './vitest-plugin-plans/src/vitest/index.ts';

// Tests import sibling workspaces from their TypeScript sources, never from a
// possibly stale dist/ (dist/ is what the published executables run).
// `vitest-plugin-plans/<sub>` maps to `src/<sub>/index.ts`, mirroring the package's exports.
const pluginSrc = fileURLToPath(new URL('./vitest-plugin-plans/src/', import.meta.url));
const alias = [
  { find: /^vitest-plugin-plans$/, replacement: `${pluginSrc}index.ts` },
  { find: /^vitest-plugin-plans\/(plan|engine|vitest|report|events|session|expr|import)$/, replacement: `${pluginSrc}$1/index.ts` },
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
      {
        // The example plans as tests: one describe per plan, one test per task,
        // located at the task's YAML line. The global setup starts an evaluator
        // unless EVALUATOR_URL and EVALUATOR_API_KEY point at one.
        plugins: [plansPlugin({ jobs: 8 })],
        test: {
          name: 'plans',
          root: '.',
          include: ['examples/**/*.plan.yaml'],
          includeTaskLocation: true,
          globalSetup: ['examples/global-setup.ts'],
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
