/**
 * Structured logs, runtime-neutral: one JSON object a line with a message and fields. The embedded
 * server plugs in pino (server/logger.ts: readable in a terminal, JSON otherwise); on the edge runtime
 * these lines go to the function's log. Never pass tokens, signed URLs or passwords as fields.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function consoleLogger(): Logger {
  const line = (level: string, message: string, fields?: Record<string, unknown>) =>
    JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields });
  return {
    info: (message, fields) => console.log(line('info', message, fields)),
    warn: (message, fields) => console.warn(line('warn', message, fields)),
    error: (message, fields) => console.error(line('error', message, fields)),
  };
}

/** An error as log fields: its message and stack, never the objects it carries (queries may hold data). */
export function errorFields(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { error: err.message, stack: err.stack };
  return { error: String(err) };
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,100}$/;

/** The caller's X-Request-Id when it is a plain token (a proxy's), else a new one. */
export function requestIdFrom(header: string | undefined): string {
  return header && REQUEST_ID_RE.test(header) ? header : crypto.randomUUID();
}
