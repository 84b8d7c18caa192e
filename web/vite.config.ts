import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pdfjsAssets } from './pdfjs-assets.ts';
import { precompress } from './precompress.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react(), pdfjsAssets(), precompress()],
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('../supabase/functions/_shared/contracts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      // The app's own modules have no side effects on import (none is imported for them alone): one that
      // nothing uses is left out. Without this a page that imports one export of a feature's index
      // brought every module the index re-exports, and what those import (decision 67).
      treeshake: { moduleSideEffects: (id) => !id.includes('/web/src/') },
      output: {
        // The icons in one chunk (about 11 KB): split by which screens use each, they were some 15 files a
        // screen of a few hundred bytes, each with its answer's headers (decision 63).
        manualChunks: (id) => (id.includes('/node_modules/lucide-react/') ? 'icons' : undefined),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/dev': { target: apiTarget, changeOrigin: true },
      '/storage': { target: apiTarget, changeOrigin: true },
    },
  },
});
