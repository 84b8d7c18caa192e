import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, distDir, webBuildIsStale } from '../../server/web.ts';

/** Gzip size of the JavaScript the browser loads before the first route renders (entry + modulepreloads). */
export async function bundleBench(): Promise<[string, string, string][]> {
  if (webBuildIsStale()) await buildWeb(() => {});
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  for (const src of new Set(scripts)) {
    const bytes = readFileSync(join(distDir, src.replace(/^\//, '')));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return [
    ['initial JavaScript files', String(new Set(scripts).size), ''],
    ['initial JavaScript (raw)', `${(raw / 1024).toFixed(1)} KB`, ''],
    ['initial JavaScript (gzip)', `${(gzip / 1024).toFixed(1)} KB`, 'budget < 300 KB'],
  ];
}
