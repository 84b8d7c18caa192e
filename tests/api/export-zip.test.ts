// The streaming ZIP writer of exports (docs/decisions.md decision 54): ZIP64 where the sizes, offsets or
// entry count need it, folder entries, zlib's CRC-32 equal to the table's; read back by fflate, by
// Python's zipfile and Info-ZIP's unzip where installed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  bytesSource,
  crc32,
  crc32InJs,
  folderSource,
  zipStream,
  type ZipOptions,
  type ZipSource,
} from '../../supabase/functions/_shared/export-zip.ts';

async function zipOf(sources: ZipSource[], options?: ZipOptions): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of zipStream(sources, new Date(2026, 0, 2, 3, 4, 6), options)) parts.push(chunk);
  return new Uint8Array(Buffer.concat(parts));
}

const bytesOf = (path: string, bytes: Uint8Array): ZipSource => ({
  path,
  size: bytes.length,
  open: async () =>
    (async function* () {
      // In pieces, as a stream reads them.
      for (let at = 0; at < bytes.length; at += 1000) yield bytes.subarray(at, at + 1000);
    })(),
});

const has = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** What Info-ZIP's `unzip -tq` and Python's zipfile (which checks every CRC) say of an archive, where installed. */
function checkedByTools(zip: Uint8Array): { unzip?: string; python?: string } {
  const dir = mkdtempSync(join(tmpdir(), 'zip64-'));
  try {
    const file = join(dir, 'a.zip');
    writeFileSync(file, zip);
    const out: { unzip?: string; python?: string } = {};
    if (has('unzip')) out.unzip = execFileSync('unzip', ['-tq', file], { encoding: 'utf8' });
    if (has('python3')) {
      const script = 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.testzip(), len(z.infolist()))';
      out.python = execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }).trim();
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 2 ** 32;

describe('the ZIP writer of exports', () => {
  it("computes zlib's CRC-32 where Node has it, equal to the table's", () => {
    const bytes = randomBytes(100_000);
    expect(crc32(bytes)).toBe(crc32InJs(bytes));
    expect(crc32(bytes.subarray(500), crc32(bytes.subarray(0, 500)))).toBe(crc32InJs(bytes));
    expect(crc32InJs(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes files byte for byte and folders as "name/" entries, without and with ZIP64 records', async () => {
    const big = randomBytes(300_000);
    const sources = [
      bytesSource('MANIFEST.txt', 'the manifest'),
      folderSource('Board/Empty'),
      bytesOf('Board/pack é.pdf', big),
      bytesOf('Board/empty.txt', new Uint8Array(0)),
    ];
    for (const forceZip64 of [false, true]) {
      const zip = await zipOf(sources, { forceZip64 });
      const files = unzipSync(zip);
      expect(Object.keys(files)).toEqual(['MANIFEST.txt', 'Board/Empty/', 'Board/pack é.pdf', 'Board/empty.txt']);
      expect(Buffer.from(files['Board/pack é.pdf']).equals(big)).toBe(true);
      expect(new TextDecoder().decode(files['MANIFEST.txt'])).toBe('the manifest');
      // The end of central directory says "see the ZIP64 record" only when ZIP64 is asked for.
      expect(u16(zip, zip.length - 22 + 10)).toBe(forceZip64 ? 0xffff : 4);
      expect(u32(zip, zip.length - 22 - 20)).toBe(forceZip64 ? 0x07064b50 : u32(zip, zip.length - 22 - 20));
      const tools = checkedByTools(zip);
      if (tools.unzip !== undefined) {
        expect(tools.unzip).toContain('No errors detected');
      }
      if (tools.python !== undefined) expect(tools.python).toBe('None 4');
    }
  });

  it('holds more than 65,535 entries through the ZIP64 end records', async () => {
    const count = 70_000;
    const empty = new Uint8Array(0);
    const sources = Array.from({ length: count }, (_, i) => bytesOf(`f/${i}.txt`, empty));
    const zip = await zipOf(sources);
    // The 16-bit counts are full; the ZIP64 end record holds the real one.
    expect(u16(zip, zip.length - 22 + 8)).toBe(0xffff);
    const locator = zip.length - 22 - 20;
    expect(u32(zip, locator)).toBe(0x07064b50);
    const record = u64(zip, locator + 8);
    expect(u32(zip, record)).toBe(0x06064b50);
    expect(u64(zip, record + 32)).toBe(count);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toHaveLength(count);
    expect(files['f/69999.txt']).toHaveLength(0);
    const tools = checkedByTools(zip);
    if (tools.unzip !== undefined) expect(tools.unzip).toContain('No errors detected');
    if (tools.python !== undefined) expect(tools.python).toBe(`None ${count}`);
  });

  it('writes 8-byte sizes and offsets for an entry past 4 GiB (its bytes not kept)', async () => {
    // 4 GiB + 5 bytes of one repeated buffer, with a stand-in CRC: only the headers are kept to be read.
    const piece = new Uint8Array(64 * 1024 * 1024);
    const size = 2 ** 32 + 5;
    const huge: ZipSource = {
      path: 'huge.bin',
      size,
      open: async () =>
        (async function* () {
          for (let left = size; left > 0; left -= piece.length) yield piece.subarray(0, Math.min(piece.length, left));
        })(),
    };
    let local: Uint8Array | undefined;
    let tail = new Uint8Array(0);
    let total = 0;
    let past = false;
    for await (const chunk of zipStream([huge, bytesSource('after.txt', 'after')], new Date(), { crc32: () => 0x12345678 })) {
      total += chunk.length;
      if (chunk.buffer === piece.buffer) past = true;
      else if (!local) local = chunk;
      else if (past) tail = new Uint8Array(Buffer.concat([tail, chunk]));
    }
    // The local header: ZIP64 sizes to follow (0xFFFFFFFF and an extra field of id 1).
    expect(local && u32(local, 0)).toBe(0x04034b50);
    expect(u32(local!, 18)).toBe(0xffffffff);
    expect(u16(local!, 30 + 8)).toBe(1);
    // The tail: huge's 24-byte descriptor, after.txt, the central directory and the end records.
    expect(u32(tail, 0)).toBe(0x08074b50);
    expect(u32(tail, 4)).toBe(0x12345678);
    expect(u64(tail, 8)).toBe(size);
    expect(u64(tail, 16)).toBe(size);
    const end = tail.length - 22;
    expect(u32(tail, end + 16)).toBe(0xffffffff); // the directory starts past 4 GiB
    const record = tail.length - 22 - 20 - 56;
    expect(u32(tail, record)).toBe(0x06064b50);
    const directoryAt = u64(tail, record + 48);
    const directory = tail.length - (total - directoryAt);
    // huge.bin: sizes and offset in its ZIP64 extra.
    expect(u32(tail, directory)).toBe(0x02014b50);
    expect(u32(tail, directory + 20)).toBe(0xffffffff);
    const extra = directory + 46 + u16(tail, directory + 28);
    expect(u16(tail, extra)).toBe(1);
    expect([u64(tail, extra + 4), u64(tail, extra + 12), u64(tail, extra + 20)]).toEqual([size, size, 0]);
    // after.txt starts past 4 GiB: its offset is in a ZIP64 extra too.
    const second = extra + 28;
    expect(u32(tail, second)).toBe(0x02014b50);
    expect(u32(tail, second + 42)).toBe(0xffffffff);
    const extra2 = second + 46 + u16(tail, second + 28);
    expect(u64(tail, extra2 + 20)).toBe(30 + 8 + 20 + size + 24);
  });
});
