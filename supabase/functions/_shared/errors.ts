/** An error whose message is safe to show: answered as {"detail": message}. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra?: Record<string, unknown>,
    /** Response headers that go with the answer (e.g. Retry-After on a 429 or 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const DEAL_NOT_FOUND = "Deal not found or you don't have access to it.";
export const DEAL_ARCHIVED = 'This deal is archived';

interface PgLikeError {
  code?: string;
  message?: string;
  constraint_name?: string;
}

export const DATABASE_UNAVAILABLE = 'The database is unavailable right now. Please try again in a few seconds.';

/** The database cannot be reached (down, restarting, shutting down, out of connections): a 503, not a fault of ours. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as PgLikeError | undefined)?.code;
  if (typeof code !== 'string') return false;
  return [
    'ECONNREFUSED',
    'ECONNRESET',
    'EPIPE',
    'ETIMEDOUT',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
    'CONNECT_TIMEOUT',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    '08000',
    '08001',
    '08003',
    '08004',
    '08006',
  ].includes(code);
}

export const STORAGE_FULL = 'Storage is full; ask your administrator.';

/**
 * The disk (or the quota) is full: ENOSPC or EDQUOT from the file system, SQLSTATE 53100 (disk_full,
 * "could not extend file") from Postgres. A 507: a retry cannot succeed until someone frees space.
 */
export function isStorageFull(err: unknown): boolean {
  const code = (err as PgLikeError | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}

/**
 * Maps a Postgres error (or a full disk's, from the file system) to an answer a person can act on;
 * undefined when it is a real fault.
 */
export function fromPostgresError(err: unknown): HttpError | undefined {
  const e = err as PgLikeError;
  if (!e || typeof e.code !== 'string') return undefined;
  if (isStorageFull(e)) return new HttpError(507, STORAGE_FULL);
  if (isDatabaseUnavailable(e)) return new HttpError(503, DATABASE_UNAVAILABLE, undefined, { 'Retry-After': '5' });
  switch (e.code) {
    case '42501': // insufficient privilege, RLS refusal, or our guard triggers
      return new HttpError(
        403,
        e.message && !e.message.startsWith('new row violates') && !e.message.startsWith('permission denied')
          ? e.message
          : "You don't have permission to do that.",
      );
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
    case '55000': // an archived deal refuses every write (docs/decisions.md decision 8)
      return new HttpError(409, e.message ?? 'This deal is archived');
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
