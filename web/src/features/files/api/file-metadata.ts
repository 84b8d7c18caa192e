import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { FileDetail, FileMetadata } from '../types';
import { basedOn, fileKeys } from './keys';
import { filePath } from '../../../lib/api/deal-path';

export type MetadataAnswer = { file: FileDetail; metadata: FileMetadata };

export const fetchMetadata = (dealId: string, fileId: string, signal?: AbortSignal) =>
  api.get<MetadataAnswer>(`${filePath(dealId, fileId)}/metadata`, { signal });

export const saveMetadata = (dealId: string, fileId: string, metadata: Partial<FileMetadata>, editVersion?: number) =>
  api.put<MetadataAnswer>(`${filePath(dealId, fileId)}/metadata`, metadata, basedOn(editVersion));

/**
 * A file's document details (title, dates, parties…), read once `enabled`. The file's page toasts a
 * failure (`toast`); the Edit File dialog shows it inline instead.
 */
export const useFileMetadata = (dealId: string, fileId: string, enabled = true, toast = false) =>
  useQuery({
    queryKey: fileKeys.metadata(dealId, fileId),
    queryFn: ({ signal }) => fetchMetadata(dealId, fileId, signal),
    enabled: enabled && Boolean(fileId),
    meta: toast ? { errorTitle: 'Failed to load file data' } : undefined,
  });
