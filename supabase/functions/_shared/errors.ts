/** An error whose message is safe to show: answered as {"detail": message}. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly extra?: Record<string, unknown>) {
    super(message);
  }
}

export const DEAL_NOT_FOUND = "Deal not found or you don't have access to it.";

interface PgLikeError {
  code?: string;
  message?: string;
  constraint_name?: string;
}

/** Maps a Postgres error to an answer a person can act on; undefined when it is a real fault. */
export function fromPostgresError(err: unknown): HttpError | undefined {
  const e = err as PgLikeError;
  if (!e || typeof e.code !== 'string') return undefined;
  switch (e.code) {
    case '42501': // insufficient privilege, RLS refusal, or our guard triggers
      return new HttpError(403, e.message && !e.message.startsWith('new row violates') && !e.message.startsWith('permission denied')
        ? e.message
        : "You don't have permission to do that.");
    case '23505':
      return new HttpError(409, 'That already exists.');
    case '23514':
    case '23502':
    case '22001':
      return new HttpError(400, 'Some of the values sent are not allowed.');
    case '23503':
      return new HttpError(400, 'That refers to something that does not exist.');
    case '22P02':
    case '22007':
    case '22008':
      return new HttpError(400, 'A value sent has the wrong format.');
    case 'P0002':
      return new HttpError(404, e.message ?? 'Not found.');
    case '22003':
      return new HttpError(400, 'A number sent is out of range.');
    case '22021':
      return new HttpError(400, 'A value sent is not valid text.');
    case 'P0001':
      return new HttpError(400, e.message ?? 'The request was refused.');
    default:
      return undefined;
  }
}
