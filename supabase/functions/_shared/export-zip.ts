/**
 * A ZIP written as a stream (docs/decisions.md decisions 48 and 54): each file's bytes pass through as
 * they are read, untouched and uncopied, followed by their CRC and sizes in a data descriptor; only the
 * central directory (about 100 bytes an entry) is held until the end. Entries are stored, not deflated:
 * documents in a data room (PDF, DOCX, XLSX, JPEG) are compressed already, and deflating them costs CPU
 * for a few per cent. ZIP64 sizes, offsets and end records are written where the 32- and 16-bit fields
 * cannot hold them (an entry of 4 GiB or more, an archive past 4 GiB, 65,535 entries or more), so an
 * archive has no limit of its own. The CRC-32 is zlib's where the runtime offers it (Node's `zlib.crc32`,
 * about 6 times faster than a table in JavaScript), else the table.
 */

export interface ZipSource {
  /** The entry's path in the archive; a folder's ends with "/". */
  path: string;
  /** Its size when known; an entry that may reach 4 GiB (or of unknown size) gets ZIP64 sizes. */
  size?: number;
  /** The entry's bytes, read when the archive reaches it. */
  open(): Promise<AsyncIterable<Uint8Array>>;
}

export type Crc32 = (data: Uint8Array, value?: number) => number;

export interface ZipOptions {
  /** ZIP64 records for every entry and the end, whatever the sizes (tests: a ZIP64 archive that stays small). */
  forceZip64?: boolean;
  /** The CRC-32 to use (tests: a stand-in, to pass gigabytes through in no time). */
  crc32?: Crc32;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const UNIX = 3 << 8;
const FILE_MODE = 0o100644 << 16;
const FOLDER_MODE = (0o040755 << 16) | 0x10; // and MS-DOS's directory bit

let tableCrc: Crc32 | undefined;
/** The CRC-32 of ZIP (IEEE 802.3) by a byte table: the fallback where zlib's is not offered (Deno). */
function jsCrc32(): Crc32 {
  if (tableCrc) return tableCrc;
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  tableCrc = (data, value = 0) => {
    let c = ~value;
    for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
    return ~c >>> 0;
  };
  return tableCrc;
}

/** Node's zlib.crc32 (Node ≥ 20.15 / 22.2), found at run time so this file stays runtime-neutral. */
function nativeCrc32(): Crc32 | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    const zlib = proc?.getBuiltinModule?.('node:zlib') as { crc32?: Crc32 } | undefined;
    return typeof zlib?.crc32 === 'function' ? zlib.crc32 : undefined;
  } catch {
    return undefined;
  }
}

export const crc32: Crc32 = nativeCrc32() ?? jsCrc32();
export const crc32InJs: Crc32 = (data, value) => jsCrc32()(data, value);

/** MS-DOS time and date, as ZIP stores them (local time, 2-second steps, from 1980). */
function dosDateTime(at: Date): [number, number] {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1);
  const date = ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return [time, date];
}

/** A little-endian writer over a fresh buffer. */
class Bytes {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  private at = 0;
  constructor(length: number) {
    this.bytes = new Uint8Array(length);
    this.view = new DataView(this.bytes.buffer);
  }
  u16(v: number) {
    this.view.setUint16(this.at, v, true);
    this.at += 2;
    return this;
  }
  u32(v: number) {
    this.view.setUint32(this.at, v >>> 0, true);
    this.at += 4;
    return this;
  }
  u64(v: number) {
    this.view.setUint32(this.at, v % 2 ** 32, true);
    this.view.setUint32(this.at + 4, Math.floor(v / 2 ** 32), true);
    this.at += 8;
    return this;
  }
  raw(b: Uint8Array) {
    this.bytes.set(b, this.at);
    this.at += b.length;
    return this;
  }
}

interface Written {
  name: Uint8Array;
  folder: boolean;
  zip64: boolean;
  crc: number;
  size: number;
  offset: number;
}

/** The archive's bytes, in order; pulling drives reading, so a slow reader slows the reads. */
export async function* zipStream(
  sources: Iterable<ZipSource>,
  modified = new Date(),
  options: ZipOptions = {},
): AsyncGenerator<Uint8Array> {
  const crc = options.crc32 ?? crc32;
  const force = options.forceZip64 ?? false;
  const [time, date] = dosDateTime(modified);
  const encoder = new TextEncoder();
  const written: Written[] = [];
  let offset = 0;

  for (const source of sources) {
    const folder = source.path.endsWith('/');
    const name = encoder.encode(source.path);
    // An entry that might reach 4 GiB says so in its local header: its descriptor then holds 8-byte sizes.
    const zip64 = force || (!folder && (source.size === undefined || source.size >= MAX32));
    const flags = FLAG_UTF8 | (folder ? 0 : FLAG_DESCRIPTOR);
    const local = new Bytes(30 + name.length + (zip64 ? 20 : 0))
      .u32(0x04034b50)
      .u16(zip64 ? 45 : 20)
      .u16(flags)
      .u16(0) // stored
      .u16(time)
      .u16(date)
      .u32(0) // CRC and sizes follow the bytes, in the descriptor
      .u32(zip64 ? MAX32 : 0)
      .u32(zip64 ? MAX32 : 0)
      .u16(name.length)
      .u16(zip64 ? 20 : 0)
      .raw(name);
    if (zip64) local.u16(0x0001).u16(16).u64(0).u64(0);
    const entry: Written = { name, folder, zip64, crc: 0, size: 0, offset };
    yield local.bytes;
    offset += local.bytes.length;
    if (!folder) {
      let value = 0;
      let size = 0;
      for await (const chunk of await source.open()) {
        if (!chunk.length) continue;
        value = crc(chunk, value);
        size += chunk.length;
        yield chunk;
      }
      if (!zip64 && size >= MAX32) throw new Error(`${source.path} holds ${size} bytes, more than its ${source.size} declared`);
      entry.crc = value;
      entry.size = size;
      offset += size;
      const descriptor = new Bytes(zip64 ? 24 : 16).u32(0x08074b50).u32(value);
      if (zip64) descriptor.u64(size).u64(size);
      else descriptor.u32(size).u32(size);
      yield descriptor.bytes;
      offset += descriptor.bytes.length;
    }
    written.push(entry);
  }

  // The central directory, in chunks of about 1 MiB rather than one piece per entry.
  const directoryAt = offset;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = () => {
    const out = new Uint8Array(pendingBytes);
    let at = 0;
    for (const p of pending) {
      out.set(p, at);
      at += p.length;
    }
    pending = [];
    pendingBytes = 0;
    return out;
  };
  for (const e of written) {
    // ZIP64 in the directory: all three of sizes and offset, as Go's archive/zip and fflate's reader expect.
    const zip64 = e.zip64 || e.size >= MAX32 || e.offset >= MAX32;
    const record = new Bytes(46 + e.name.length + (zip64 ? 28 : 0))
      .u32(0x02014b50)
      .u16(UNIX | 45)
      .u16(zip64 ? 45 : 20)
      .u16(FLAG_UTF8 | (e.folder ? 0 : FLAG_DESCRIPTOR))
      .u16(0)
      .u16(time)
      .u16(date)
      .u32(e.crc)
      .u32(zip64 ? MAX32 : e.size)
      .u32(zip64 ? MAX32 : e.size)
      .u16(e.name.length)
      .u16(zip64 ? 28 : 0)
      .u16(0) // comment
      .u16(0) // disk
      .u16(0) // internal attributes
      .u32(e.folder ? FOLDER_MODE : FILE_MODE)
      .u32(zip64 ? MAX32 : e.offset)
      .raw(e.name);
    if (zip64) record.u16(0x0001).u16(24).u64(e.size).u64(e.size).u64(e.offset);
    pending.push(record.bytes);
    pendingBytes += record.bytes.length;
    offset += record.bytes.length;
    if (pendingBytes >= 1024 * 1024) yield flush();
  }
  const directorySize = offset - directoryAt;
  const count = written.length;
  const zip64End = force || count >= MAX16 || directoryAt >= MAX32 || directorySize >= MAX32;
  if (zip64End) {
    const record = new Bytes(56 + 20)
      .u32(0x06064b50)
      .u64(44) // the record's size after this field
      .u16(UNIX | 45)
      .u16(45)
      .u32(0)
      .u32(0)
      .u64(count)
      .u64(count)
      .u64(directorySize)
      .u64(directoryAt)
      // the locator of the record above
      .u32(0x07064b50)
      .u32(0)
      .u64(offset)
      .u32(1);
    pending.push(record.bytes);
    pendingBytes += record.bytes.length;
  }
  const end = new Bytes(22)
    .u32(0x06054b50)
    .u16(0)
    .u16(0)
    .u16(zip64End ? MAX16 : count)
    .u16(zip64End ? MAX16 : count)
    .u32(zip64End ? MAX32 : directorySize)
    .u32(zip64End ? MAX32 : directoryAt)
    .u16(0);
  pending.push(end.bytes);
  pendingBytes += end.bytes.length;
  yield flush();
}

/** A generator as a Web stream: one chunk per pull, the generator closed when the reader cancels. */
export function readableOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

const nothing = async function* (): AsyncGenerator<Uint8Array> {};

/** Bytes of a string, as one chunk. */
export function bytesSource(path: string, text: string): ZipSource {
  const bytes = new TextEncoder().encode(text);
  return {
    path,
    size: bytes.length,
    open: () =>
      Promise.resolve(
        (async function* () {
          yield bytes;
        })(),
      ),
  };
}

/** A folder's entry ("path/"), so an empty folder is kept. */
export function folderSource(path: string): ZipSource {
  return { path: path.endsWith('/') ? path : `${path}/`, size: 0, open: () => Promise.resolve(nothing()) };
}
