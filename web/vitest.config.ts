import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: repoRoot,
  plugins: [react()],
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('../supabase/functions/_shared/contracts', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    include: ['web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['web/src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // A bound on a failing test, not a pace for passing ones: several 20 s waits (test/setup.ts) fit in it.
    testTimeout: 120_000,
  },
});
