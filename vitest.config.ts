import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Tests import sibling workspaces from their TypeScript sources, never from a
// possibly stale dist/ (dist/ is what the published executables run).
const alias = {
  'vitest-plugin-plans': fileURLToPath(new URL('./vitest-plugin-plans/src/index.ts', import.meta.url)),
};

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
