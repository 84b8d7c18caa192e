/**
 * The embedded blob store served over a real socket, as `npm start` mounts it at /storage/v1, for the
 * tests that must see streaming, limits and dropped connections as a browser would cause them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll } from 'vitest';
import { diskBlobStore } from '../../server/blob-store.ts';
import { useLocalServer } from './local-server.ts';

/** The hex SHA-256 of bytes, as the store records it. */
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The object key of a new file's first version in a deal of its own. */
export const newKey = () => `deals/${randomUUID()}/files/${randomUUID()}/v1`;

/** Whether `check` holds within `ms`, asked every 25 ms: the store's background work (sweeps, closing files) is not awaited. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

/** A store in a fresh folder, its server started before the file's tests and removed after them. */
export function useStoreServer(label: string) {
  const dir = mkdtempSync(join(tmpdir(), `dataroom-${label}-`));
  const storage = diskBlobStore({ dir, secret: `${label}-secret` });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return Object.assign(
    useLocalServer(() => new Hono().route('/storage/v1', storage.routes)),
    { dir, storage },
  );
}
