import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: on a 2-core CI machine that is a single one.
    // Most of the suite waits on child processes and the TypeScript checker, so two forks halve the wall time.
    maxWorkers: 2,
  },
});
