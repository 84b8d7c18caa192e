import { Box } from '@chakra-ui/react';
import { FolderOpen, SearchX, UploadCloud } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';
import { preloadDialog } from './lazy-dialogs';
import { DialogButton } from '../../../components/dialog-button';

/**
 * What an empty listing says: nothing matches the search, or nothing is in the folder yet. To a member
 * who sees only its own uploads (upload_only) it says so: the folder may hold files hidden from it.
 */
export function EmptyListing({
  query,
  canUpload,
  seesOnlyOwnFiles = false,
  onUpload,
}: {
  query: string;
  canUpload: boolean;
  seesOnlyOwnFiles?: boolean;
  onUpload: () => void;
}) {
  if (query) {
    return (
      <Box py="12">
        <EmptyState icon={<SearchX />} title="No matches" description={`Nothing in this deal's data room matches “${query}”.`} />
      </Box>
    );
  }
  return (
    <Box py="14">
      <EmptyState
        icon={<FolderOpen />}
        title={seesOnlyOwnFiles ? 'No files of yours here yet' : 'No files or folders yet'}
        description={
          seesOnlyOwnFiles
            ? 'You see only the files you upload. Drag and drop files here, or use Upload Files to deliver documents to this folder.'
            : canUpload
              ? 'Drag and drop files or folders here, or use Upload Files to add the first documents.'
              : 'Nothing has been shared in this folder yet. Files appear here once they are uploaded.'
        }
        action={
          canUpload ? (
            <DialogButton colorPalette="brand" onClick={onUpload} preload={preloadDialog.upload}>
              <UploadCloud /> Upload Files
            </DialogButton>
          ) : undefined
        }
      />
    </Box>
  );
}
