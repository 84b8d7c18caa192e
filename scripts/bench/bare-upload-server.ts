/**
 * The upload bench's anchor (issue 33): the least an HTTP server can do with a tus PATCH, written for the
 * benchmark. It writes the body at its Upload-Offset into the file the URL names (under the folder given
 * as argument) and fsyncs it before answering; no checks, no hash, no database. It runs in a process of
 * its own, as the real server does, and prints its port.
 */
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';

const [dir] = process.argv.slice(2);

const server = createServer(async (req, res) => {
  const offset = Number(req.headers['upload-offset'] ?? 0);
  const path = join(dir, (req.url ?? '').slice(1).replace(/[^\w.-]/g, '_'));
  try {
    // `flush`: fsync before the file is closed, and finished() waits for the close. Not pipeline(): it
    // would also wait for the request's 'close', which comes after the answer.
    const file = createWriteStream(path, { flags: offset === 0 ? 'w' : 'r+', start: offset, flush: true });
    await finished(req.pipe(file));
    res.writeHead(204, { 'upload-offset': String(offset + Number(req.headers['content-length'] ?? 0)) }).end();
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : '');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
