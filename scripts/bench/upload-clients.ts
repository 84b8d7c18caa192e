/** The benchmarks' upload clients: a browser-like multipart POST, tus as the web app sends it, and curl doing both. */
import { execFile, execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { request } from 'node:http';
import { SEND_WITH_CREATION_MAX_BYTES } from '../../supabase/functions/_shared/contracts/dataroom.ts';

/** Posts `source` as a multipart form to the signed URL, streamed from disk as a browser's native upload is. */
export function postFile(url: string, source: string, size: number): Promise<number> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(source, { highWaterMark: 1 << 20 });
    file.on('error', reject);
    file.pipe(req, { end: false });
    file.on('end', () => req.end(tail));
  });
}

interface TusSession {
  base: string;
  url: string;
  headers: Record<string, string>;
}

/**
 * Creates a tus upload of `size` bytes at the resumable endpoint of an upload-url answer, with its
 * metadata as tus-js-client sends it (the web app's client), and `first` bytes with it when given
 * (creation-with-upload).
 */
export async function tusCreate(
  origin: string,
  resumable: any,
  size: number,
  first?: Uint8Array<ArrayBuffer>,
): Promise<TusSession> {
  const headers = { 'tus-resumable': '1.0.0', ...resumable.headers };
  const metadata = Object.entries((resumable.metadata ?? {}) as Record<string, string>)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const res = await fetch(`${origin}${resumable.endpoint}`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(size),
      ...(metadata ? { 'upload-metadata': metadata } : {}),
      ...(first ? { 'content-type': 'application/offset+octet-stream' } : {}),
    },
    body: first,
  });
  if (res.status !== 201) throw new Error(`tus creation answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  if (first && res.headers.get('upload-offset') !== String(first.length))
    throw new Error(`tus creation stored ${res.headers.get('upload-offset')} of the ${first.length} bytes it carried`);
  return { base: origin, url: `${origin}${res.headers.get('location')}`, headers };
}

/**
 * One PATCH of `source`'s bytes [start, end) at offset `start`, streamed from disk. With `cutAfter`, the
 * connection is dropped once that many bytes of it were sent: a network failure mid-chunk.
 */
export function tusPatch(session: TusSession, source: string, start: number, end: number, cutAfter?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      session.url,
      {
        method: 'PATCH',
        headers: {
          ...session.headers,
          'upload-offset': String(start),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(end - start),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    const last = cutAfter === undefined ? end - 1 : start + cutAfter - 1;
    const file = createReadStream(source, { start, end: last, highWaterMark: 1 << 20 });
    file.on('error', reject);
    if (cutAfter === undefined) {
      req.on('error', reject);
      file.pipe(req);
    } else {
      req.on('error', () => resolve(0));
      file.pipe(req, { end: false });
      file.on('end', () => setTimeout(() => (req.destroy(), resolve(0)), 200));
    }
  });
}

/**
 * Uploads `bytes` (held in memory) as the web app's tus-js-client does: a file of up to
 * SEND_WITH_CREATION_MAX_BYTES sends its first chunk with the creation, then PATCHes the rest in the
 * grant's chunks. Answers the last request's status (201 or 204 when stored).
 */
export async function tusUploadAsWebApp(origin: string, resumable: any, bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const chunk: number = resumable.chunk_size;
  if (bytes.length > SEND_WITH_CREATION_MAX_BYTES)
    return tusSendBytes(await tusCreate(origin, resumable, bytes.length), bytes, chunk);
  const first = bytes.subarray(0, Math.min(bytes.length, chunk));
  const session = await tusCreate(origin, resumable, bytes.length, first);
  return first.length === bytes.length ? 201 : tusSendBytes(session, bytes, chunk, first.length);
}

/** Sends `bytes` (held in memory) from `from` in the session's chunks; answers the last PATCH's status. */
export async function tusSendBytes(
  session: TusSession,
  bytes: Uint8Array<ArrayBuffer>,
  chunk: number,
  from = 0,
): Promise<number> {
  let status = 204;
  for (let at = from; at < bytes.length && status === 204; at += chunk) {
    const res = await fetch(session.url, {
      method: 'PATCH',
      headers: { ...session.headers, 'upload-offset': String(at), 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(at, Math.min(bytes.length, at + chunk)),
    });
    await res.arrayBuffer();
    status = res.status;
  }
  return status;
}

export async function tusOffset(session: TusSession): Promise<number> {
  const res = await fetch(session.url, { method: 'HEAD', headers: session.headers });
  return Number(res.headers.get('upload-offset'));
}

/** Sends `source` from `from` to the end in the session's chunks; answers the last PATCH's status. */
export async function tusSend(session: TusSession, source: string, size: number, chunk: number, from = 0): Promise<number> {
  let status = 204;
  for (let at = from; at < size; at += chunk) {
    status = await tusPatch(session, source, at, Math.min(size, at + chunk));
    if (status !== 204) return status;
  }
  return status;
}

/**
 * The timed uploads' client. In use a browser on another machine sends the bytes; here the client shares
 * the server's two cores, and a Node client took 2.2-2.4 CPU seconds per GiB (as much as the server),
 * curl 0.6-0.8. So the timed uploads are sent by curl when the machine has it, by Node otherwise; the
 * interrupted upload, which must drop its connection mid-chunk, always by Node.
 */
export const CURL = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Runs curl and answers the HTTP status it got. */
function curl(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', 'Expect:', ...args], (err, stdout) =>
      err ? reject(err) : resolve(Number(stdout)),
    );
  });
}

/** The source as multipart form data to the signed URL: what postFile sends, sent by curl. */
export const curlPostFile = (url: string, source: string) =>
  curl(['-F', `file=@${source};filename=big.bin;type=application/octet-stream`, url]);

/** The source's chunks (split beforehand, `parts`) PATCHed by curl one after the other; the last status. */
export async function curlTusSend(session: TusSession, parts: string[], chunk: number): Promise<number> {
  let status = 204;
  for (const [i, part] of parts.entries()) {
    const headers = { ...session.headers, 'upload-offset': String(i * chunk), 'content-type': 'application/offset+octet-stream' };
    status = await curl([
      '-X',
      'PATCH',
      ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
      '-T',
      part,
      session.url,
    ]);
    if (status !== 204) return status;
  }
  return status;
}
