import { statfs } from 'node:fs/promises';

/**
 * Below this much free space DATA_DIR's disk counts as full (health "degraded", the metrics gauge): less
 * than one WAL segment, past which Postgres cannot go on writing either.
 */
export const STORAGE_FULL_BELOW_BYTES = 16 * 1024 * 1024;

/** Free bytes on the disks of the stored files and of the embedded Postgres (the smaller). */
export async function freeBytes(paths: string[]): Promise<number> {
  let free = Number.POSITIVE_INFINITY;
  for (const path of paths) {
    try {
      const fs = await statfs(path);
      free = Math.min(free, fs.bavail * fs.bsize);
    } catch {
      /* not created yet */
    }
  }
  return free;
}
