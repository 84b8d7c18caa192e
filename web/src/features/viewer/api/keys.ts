import { dealKeys } from '../../../lib/api/deal';
import { dealPath, filePath } from '../../../lib/api/deal-path';

/** GET: what the viewer shows of a file (a short-lived source URL and how to render it). */
export const viewerPath = (dealId: string, fileId: string) => `${filePath(dealId, fileId)}/viewer`;
/** POST: one open of a file (view analytics). */
export const viewsPath = (dealId: string, fileId: string) => `${filePath(dealId, fileId)}/views`;
/** POST: time spent per page of one open. */
export const viewPagesPath = (dealId: string, viewId: string) => `${dealPath(dealId)}/views/${encodeURIComponent(viewId)}/pages`;

export const viewerKeys = {
  source: (dealId: string, fileId: string, version: number | null) =>
    dealKeys.scoped(dealId, 'file', fileId, 'viewer', version === null ? 'current' : String(version)),
  text: (url: string) => ['viewer-text', url] as const,
};
