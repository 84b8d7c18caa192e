import { useQuery } from '@tanstack/react-query';
import { AI_POLL_MS } from '../../ai';
import { fetchComments, fetchFile, fetchMetadata, fetchPermissionPeople, fetchPermissions, fileKeys } from './index';

/** A file's page data. Polls every 3 s while the AI works, queued too: it turns to processing unseen (docs/product.md §9). */
export const useFile = (dealId: string, fileId: string) =>
  useQuery({
    queryKey: fileKeys.detail(dealId, fileId),
    queryFn: ({ signal }) => fetchFile(dealId, fileId, signal),
    refetchInterval: (query) => (['processing', 'queued'].includes(query.state.data?.ai_status ?? '') ? AI_POLL_MS : false),
  });

/** A file's document details (title, dates, parties…), read once `enabled`. */
export const useFileMetadata = (dealId: string, fileId: string, enabled = true) =>
  useQuery({
    queryKey: fileKeys.metadata(dealId, fileId),
    queryFn: ({ signal }) => fetchMetadata(dealId, fileId, signal),
    enabled: enabled && Boolean(fileId),
  });

export const useFileComments = (dealId: string, fileId: string, enabled = true) =>
  useQuery({
    queryKey: fileKeys.comments(dealId, fileId),
    queryFn: ({ signal }) => fetchComments(dealId, fileId, signal),
    enabled,
  });

export const useFilePermissions = (dealId: string, fileId: string, enabled = true) =>
  useQuery({
    queryKey: fileKeys.permissions(dealId, fileId),
    queryFn: ({ signal }) => fetchPermissions(dealId, fileId, signal),
    enabled,
  });

/** The deal's members, groups and tags a file's permissions can name. */
export const usePermissionPeople = (dealId: string, enabled = true) =>
  useQuery({
    queryKey: fileKeys.people(dealId),
    queryFn: ({ signal }) => fetchPermissionPeople(dealId, signal),
    enabled,
    staleTime: 60_000,
  });
