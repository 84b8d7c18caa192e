import { dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { fetchMetadata, saveMetadata } from './file-metadata';
import { updateFile } from './update-file';
import { metadataPayload, type DocumentDetails } from '../components/document-details-card';

export interface FileEdit {
  fileId: string;
  name: string;
  tags: string[];
  details: DocumentDetails;
  /** What the form started from, so only what changed is sent. */
  before: { name: string; tags: string[]; details: DocumentDetails };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The data room's Edit File (docs/product.md §2): the file's name and tags, then its metadata, each
 * based on the version the other left (If-Match), so a concurrent edit is refused rather than lost.
 */
export function useEditFile(dealId: string, onDone: () => void) {
  return useApiMutation<unknown, FileEdit>({
    mutationFn: async ({ fileId, name, tags, details, before }) => {
      const current = await fetchMetadata(dealId, fileId);
      let version = current.file.edit_version;
      if (name !== before.name || !same(tags, before.tags)) {
        version = (await updateFile(dealId, fileId, { name, tags }, version)).edit_version;
      }
      if (!same(details, before.details)) await saveMetadata(dealId, fileId, metadataPayload(details), version);
    },
    invalidates: [dealKeys.detail(dealId)],
    successMessage: 'File updated',
    errorMessage: 'Failed to update file',
    onSuccess: onDone,
  });
}
