import { api } from './api/client';
import { filePath } from './api/deal-path';

interface DownloadLink {
  download_url: string;
  filename: string;
}

/**
 * Saves a signed download. The URL answers with Content-Disposition: attachment, so following it from a
 * link saves the file without leaving the page and without holding the whole file in memory.
 */
export function saveFromUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** A file's current version, from the data room's rows and the file's page. */
export async function downloadFile(dealId: string, fileId: string): Promise<void> {
  const link = await api.get<DownloadLink>(`${filePath(dealId, fileId)}/download`);
  saveFromUrl(link.download_url, link.filename);
}

export async function downloadVersion(dealId: string, fileId: string, version: number): Promise<void> {
  const link = await api.get<DownloadLink>(`${filePath(dealId, fileId)}/versions/${version}/download-url`);
  saveFromUrl(link.download_url, link.filename);
}
