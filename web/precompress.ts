/**
 * After the build, every text asset gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy
 * beside it, for server/web.ts to send by the browser's Accept-Encoding (decision 39): the build pays the
 * slowest, smallest settings once, and no request compresses a static file again.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats compress; images and fonts (png, woff2) already are. */
const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.map',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
]);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Writes the `.br` and `.gz` copies of every text file under `dir`, each only when it is smaller. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = (await filesUnder(dir)).filter((file) => TEXT_EXTENSIONS.has(extname(file)));
  let bytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    files.map(async (file) => {
      const plain = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(plain, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
        gzipAsync(plain, { level: 9 }),
      ]);
      bytes += plain.length;
      brotliBytes += Math.min(br.length, plain.length);
      // A copy no smaller than the file is left out: the server then sends the file as it is.
      if (br.length < plain.length) await writeFile(`${file}.br`, br);
      if (gz.length < plain.length) await writeFile(`${file}.gz`, gz);
    }),
  );
  return { files: files.length, bytes, brotliBytes };
}

/** The Vite plugin: runs once the build is written (public/ is copied into it before any chunk). */
export function precompress(): Plugin {
  return {
    name: 'dataroom:precompress',
    apply: 'build',
    async writeBundle(output) {
      if (output.dir) await precompressDir(output.dir);
    },
  };
}
