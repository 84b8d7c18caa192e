import { useParams } from 'react-router';
import { canReadViews, useDeal } from '../../lib/api/deal';
import { AiAnalysisCard, useGenerateMetadata, useRetryAnalysis } from '../../features/ai';
import { ViewsCard } from '../../features/analytics';
import { FileDetailPage } from '../../features/files';
import { QuestionsCard } from '../../features/qna';

/**
 * A file's page with its AI parts (Re-run AI, Generate, the analysis card), its Questions card and, for deal
 * admins and holders of manage_users, the "Views" card (docs/architecture.md: composed in app/).
 */
export default function FileDetailWithAi() {
  const { dealId = '', fileId = '' } = useParams();
  const rerun = useRetryAnalysis(dealId);
  const generate = useGenerateMetadata(dealId, fileId);
  const deal = useDeal(dealId);
  return (
    <FileDetailPage
      ai={{
        rerunning: rerun.isPending,
        onRerun: () => rerun.mutate(fileId),
        generating: generate.isPending,
        onGenerate: () => generate.mutate(),
        analysis: (aiStatus) => <AiAnalysisCard dealId={dealId} fileId={fileId} aiStatus={aiStatus} />,
      }}
      views={canReadViews(deal.data) ? <ViewsCard dealId={dealId} fileId={fileId} /> : null}
      questions={<QuestionsCard dealId={dealId} scope={{ file_id: fileId, label: 'this file' }} />}
    />
  );
}
