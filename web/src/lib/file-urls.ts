import { dealPath } from './api/deal-path';
/**
 * Data-room paths and the URLs that carry them (docs/product.md §2 Data room).
 *
 * A data-room path is "/" (the root) or "/A/B": folder names joined by slashes. In URLs each folder name is
 * one percent-encoded segment, so names with spaces, '#', '?' or '%' survive the round trip:
 *   /deals/{d}/files/A/B%20C            readable, path-based
 *   /deals/{d}/data-room/path/A/B%20C   the copied 'Path Link'
 *   /deals/{d}/data-room/folder/{id}    the copied 'Share Link' (id-based)
 * A path encoded as one segment ("%2FA%2FB") is read too.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined | null): boolean {
  return typeof value === 'string' && UUID_RE.test(value);
}

/** "/A//B/" → "/A/B"; "", "/" → "/". Segments are trimmed, as the server does. */
export function normalizePath(raw: string | undefined | null): string {
  const segments = (raw ?? '')
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);
  return `/${segments.join('/')}`;
}

export function pathSegments(path: string): string[] {
  return normalizePath(path).split('/').filter(Boolean);
}

export function joinPath(parent: string, name: string): string {
  return normalizePath(`${normalizePath(parent)}/${name}`);
}

export function parentPath(path: string): string {
  const segments = pathSegments(path);
  return `/${segments.slice(0, -1).join('/')}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Encoded path for a URL, without the leading slash: "/A/B C" → "A/B%20C". */
export function encodePath(path: string): string {
  return pathSegments(path).map(encodeURIComponent).join('/');
}

/** The part of a URL after the route prefix back to a data-room path (each segment URL-decoded once). */
export function decodePath(splat: string | undefined | null): string {
  return normalizePath((splat ?? '').split('/').map(safeDecode).join('/'));
}

const PATH_ROUTE_RE = /^\/deals\/[^/]+\/(?:files|data-room\/path)(?:\/(.*))?$/;

/** The data-room path a path-based route shows, read from the (still encoded) location pathname. */
export function pathFromPathname(pathname: string): string {
  const match = PATH_ROUTE_RE.exec(pathname);
  return decodePath(match?.[1] ?? '');
}

/**
 * Where the app shows a folder by its path. '/deals/{d}/files/{uuid}' is the file page and
 * '/deals/{d}/files/{uuid}/view' its viewer, so a path whose top-level folder's name looks like an id goes
 * through '/data-room/path/' instead.
 */
export function folderUrl(dealId: string, path: string): string {
  const segments = pathSegments(path);
  if (segments.length === 0) return `${dealPath(dealId)}/files`;
  if (isUuid(segments[0])) return `${dealPath(dealId)}/data-room/path/${encodePath(path)}`;
  return `${dealPath(dealId)}/files/${encodePath(path)}`;
}

export function fileUrl(dealId: string, fileId: string): string {
  return `${dealPath(dealId)}/files/${encodeURIComponent(fileId)}`;
}

/** A question's page in the deal's Q&A (docs/decisions.md decision 49). */
export function questionUrl(dealId: string, questionId: string): string {
  return `${dealPath(dealId)}/qna/${encodeURIComponent(questionId)}`;
}

/** The in-app viewer of a file: its current version, or version n, opened at a page when given. */
export function fileViewerUrl(dealId: string, fileId: string, at: { version?: number; page?: number } = {}): string {
  const query = new URLSearchParams();
  if (at.version) query.set('version', String(at.version));
  if (at.page && at.page > 1) query.set('page', String(at.page));
  const text = query.toString();
  return `${fileUrl(dealId, fileId)}/view${text ? `?${text}` : ''}`;
}

/** The deal's search inside documents (issue 35), with a query and a folder to search in when given. */
export function searchUrl(dealId: string, q?: string, folderId?: string | null): string {
  const params = new URLSearchParams();
  if (q?.trim()) params.set('q', q.trim());
  if (folderId) params.set('folder_id', folderId);
  const query = params.toString();
  return `${dealPath(dealId)}/search${query ? `?${query}` : ''}`;
}

/** Where a search hit opens: the viewer, at the hit's page when the document has pages. */
export function searchHitUrl(dealId: string, fileId: string, page: number | null): string {
  return fileViewerUrl(dealId, fileId, { page: page ?? undefined });
}

/** The 'Share Link': id-based, or the data room's root. */
export function shareLinkPath(dealId: string, folderId: string | null | undefined): string {
  return folderId ? `${dealPath(dealId)}/data-room/folder/${encodeURIComponent(folderId)}` : `${dealPath(dealId)}/data-room`;
}

/** The 'Path Link': readable, path-based. */
export function pathLinkPath(dealId: string, path: string): string {
  return `${dealPath(dealId)}/data-room/path/${encodePath(path)}`;
}

/** The folder part of a picked or dropped file's relative path: "Top/Sub/a.pdf", "./a.pdf", "/Top/a.pdf". */
export function relativeDir(relativePath: string | undefined | null): string {
  const segments = (relativePath ?? '').split('/').filter((s) => s && s !== '.');
  return normalizePath(segments.slice(0, -1).join('/'));
}
