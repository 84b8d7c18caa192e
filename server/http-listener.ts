/** The embedded server's HTTP listener: keep-alive and header limits, and answers to unparsable requests (the port check is in port.ts). */

/** How long an idle keep-alive connection stays open: longer than any client or proxy keeps its end. */
export const KEEP_ALIVE_MS = 65_000;

/** Largest request head (request line and headers) read; Node's own default, said once here. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * A request Node cannot parse (headers over MAX_HEADER_BYTES, a malformed head) gets a JSON answer
 * instead of a reset: the answer is written, our end is closed, and what the client is still sending
 * is read and dropped until it closes too. Closing with unread bytes would make the kernel reset the
 * connection, and the client would never read why (Node's default destroys the socket at once).
 */
export function answerClientErrors(server: import('node:http').Server): void {
  const answered = new WeakSet<object>();
  server.on('clientError', (err: NodeJS.ErrnoException, socket: import('node:stream').Duplex) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, detail] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', `The request's headers are larger than ${MAX_HEADER_BYTES / 1024} KB.`]
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'The request took too long to arrive.']
          : [400, 'Bad Request', 'The request is not valid HTTP.'];
    const body = JSON.stringify({ detail });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
    socket.on('error', () => {});
    socket.resume();
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

/** An unread body up to this size is read and dropped before the answer goes: cheaper than a new connection. */
export const LINGER_BYTES = 128 * 1024;
/** How long the answer waits for such a body to arrive. */
const LINGER_MS = 2_000;

/** Reads what is left of a request's body and drops it; true once it has all arrived. */
function drain(incoming: import('node:http').IncomingMessage, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      incoming.off('end', done).off('error', done).off('close', done);
      resolve(incoming.complete);
    };
    const timer = setTimeout(done, ms);
    incoming.on('end', done).on('error', done).on('close', done);
    incoming.resume();
  });
}

/**
 * Hono middleware for an answer sent before the request's body was read to its end (an upload refused
 * early with 507, 413 or 403, a 503 while the database restarts). A small body (up to LINGER_BYTES, as
 * declared) is read and dropped first, so the answer goes on a connection that stays usable: closing
 * with the client still sending made the kernel reset it, and the client saw EPIPE instead of the
 * answer. A larger or undeclared one gets `Connection: close`: otherwise the client takes the
 * connection as reusable, while the Node adapter drains the unread body for at most 500 ms or 64 MB and
 * then closes it, and the client's next request on it fails with "other side closed".
 */
export const closeWhenBodyUnread: import('hono').MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: import('node:http').IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.complete) return;
  const declared = Number(incoming.headers['content-length'] ?? Number.NaN);
  if (declared <= LINGER_BYTES && (await drain(incoming, LINGER_MS))) return;
  c.header('Connection', 'close');
};
