/**
 * The embedded server's logs: pino, one JSON object a line (for log collectors), or readable lines when
 * the output is a terminal (LOG_FORMAT=json|pretty overrides). Request lines carry the request id, the
 * route pattern (never the raw path: signed URLs carry their token in it), the status and the time taken.
 */
import pino from 'pino';
import { createRequire } from 'node:module';
import type { Logger } from '../supabase/functions/_shared/logger.ts';

export function createLogger(format = process.env.LOG_FORMAT): Logger & { line(message: string): void } {
  const readable = format ? format === 'pretty' : Boolean(process.stdout.isTTY);
  const base = readable
    ? pino(
        { level: process.env.LOG_LEVEL ?? 'info', base: undefined },
        // Loaded only for a terminal (or LOG_FORMAT=pretty): a server logging JSON never reads it (decision 55).
        (createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty'))({
          sync: true,
          translateTime: 'HH:MM:ss',
          ignore: 'pid,hostname',
        }),
      )
    : pino(
        { level: process.env.LOG_LEVEL ?? 'info', base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
        // Asynchronous: while one write is on its way the next lines wait and leave with it, where a
        // synchronous write a line was a system call per request (5 % of the server's CPU under load).
        // A quiet server still writes each line at once; pino flushes what waits when the process exits.
        pino.destination({ dest: 1, sync: false }),
      );
  return {
    info: (message, fields) => base.info(fields ?? {}, message),
    warn: (message, fields) => base.warn(fields ?? {}, message),
    error: (message, fields) => base.error(fields ?? {}, message),
    /** A plain progress line (start-up, migrations), as info. */
    line: (message) => base.info(message),
  };
}
