/**
 * The embedded server's logs: pino, one JSON object a line (for log collectors), or readable lines when
 * the output is a terminal (LOG_FORMAT=json|pretty overrides). Request lines carry the request id, the
 * route pattern (never the raw path: signed URLs carry their token in it), the status and the time taken.
 */
import pino from 'pino';
import { createRequire } from 'node:module';
import type { Logger } from '../supabase/functions/_shared/logger.ts';

export interface ServerLogger extends Logger {
  /** A plain progress line (start-up, migrations), as info. */
  line(message: string): void;
  /** A request's line: gathered with others, out within 200 ms (decision 68). */
  request(fields: Record<string, unknown>): void;
}

export function createLogger(format = process.env.LOG_FORMAT): ServerLogger {
  const level = process.env.LOG_LEVEL ?? 'info';
  const readable = format ? format === 'pretty' : Boolean(process.stdout.isTTY);
  if (readable) {
    const base = pino(
      { level, base: undefined },
      // Loaded only for a terminal (or LOG_FORMAT=pretty): a server logging JSON never reads it (decision 55).
      (createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty'))({
        sync: true,
        translateTime: 'HH:MM:ss',
        ignore: 'pid,hostname',
      }),
    );
    return loggerOver(base, base);
  }
  const json = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  // Asynchronous: while one write is on its way the next lines wait and leave with it, where a
  // synchronous write a line was a system call per request (5 % of the server's CPU under load).
  // pino flushes what waits when the process exits.
  const base = pino(json, pino.destination({ dest: 1, sync: false }));
  // Request lines leave together, 2 KB or 200 ms at a time: one write a request was still 4 % of Node's
  // busy time under load (decision 68). Each write stays within 4 KB, which a pipe writes whole, so the
  // two streams never cut into each other's lines.
  const requests = pino(json, pino.destination({ dest: 1, sync: false, minLength: 2048, maxWrite: 4096, periodicFlush: 200 }));
  return loggerOver(base, requests);
}

function loggerOver(base: pino.Logger, requests: pino.Logger): ServerLogger {
  return {
    info: (message, fields) => base.info(fields ?? {}, message),
    warn: (message, fields) => base.warn(fields ?? {}, message),
    error: (message, fields) => base.error(fields ?? {}, message),
    line: (message) => base.info(message),
    request: (fields) => requests.info(fields, 'request'),
  };
}
