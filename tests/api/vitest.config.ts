import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    // One database for the run; each test makes its own users and deals, so files may run in parallel.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
