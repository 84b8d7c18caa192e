/**
 * Copies pdf.js's standard fonts and character maps into the build, under `/pdfjs/`, so the viewer draws
 * a PDF that names one of the 14 standard fonts without embedding it (the server's stamp does) and CJK
 * text with the right glyphs, from this origin (docs/architecture.md "Viewer").
 */
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The folders the build holds, under `/pdfjs/` (web/src/features/viewer/pdf/load-pdf.ts reads them). */
export const PDFJS_DATA = ['standard_fonts', 'cmaps'] as const;

export function pdfjsAssets(): Plugin {
  let outDir = '';
  return {
    name: 'pdfjs-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // writeBundle runs before closeBundle, where precompress.ts looks for text files (these are binary).
    async writeBundle() {
      const pdfjsDist = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
      for (const name of PDFJS_DATA) {
        await cp(join(pdfjsDist, name), join(outDir, 'pdfjs', name), { recursive: true });
      }
    },
  };
}
