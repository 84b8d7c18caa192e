import { useParams } from 'react-router';
import { AiAnalysisCard, useGenerateMetadata, useRetryAnalysis } from '../../features/ai';
import { FileDetailPage } from '../../features/files';
import { QuestionsCard } from '../../features/qna';

/**
 * A file's page with its AI parts (Re-run AI, Generate, the analysis card) and its Questions card
 * (docs/architecture.md: composed in app/).
 */
export default function FileDetailWithAi() {
  const { dealId = '', fileId = '' } = useParams();
  const rerun = useRetryAnalysis(dealId);
  const generate = useGenerateMetadata(dealId, fileId);
  return (
    <FileDetailPage
      ai={{
        rerunning: rerun.isPending,
        onRerun: () => rerun.mutate(fileId),
        generating: generate.isPending,
        onGenerate: () => generate.mutate(),
        analysis: (aiStatus) => <AiAnalysisCard dealId={dealId} fileId={fileId} aiStatus={aiStatus} />,
      }}
      questions={<QuestionsCard dealId={dealId} scope={{ file_id: fileId, label: 'this file' }} />}
    />
  );
}
