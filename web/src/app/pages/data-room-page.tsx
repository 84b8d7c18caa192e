import { useParams } from 'react-router';
import { AiReviewDialog, useRetryAnalysis } from '../../features/ai';
import { DataRoomPage, type DataRoomMode } from '../../features/dataroom';
import { EditFileDialog } from '../../features/files';

/** The data room with what its file rows open of the AI and files features (docs/architecture.md: composed in app/). */
export default function DataRoomWithFileTools({ mode }: { mode: DataRoomMode }) {
  const { dealId = '' } = useParams();
  const retry = useRetryAnalysis(dealId);
  return (
    <DataRoomPage
      mode={mode}
      slots={{
        retryingFileId: retry.isPending ? (retry.variables ?? null) : null,
        onRetry: (fileId) => retry.mutate(fileId),
        reviewDialog: (fileId, onClose) => (
          <AiReviewDialog dealId={dealId} fileIds={fileId ? [fileId] : []} open={fileId !== null} onClose={onClose} />
        ),
        editDialog: (file, onClose) => <EditFileDialog dealId={dealId} file={file} onClose={onClose} />,
      }}
    />
  );
}
