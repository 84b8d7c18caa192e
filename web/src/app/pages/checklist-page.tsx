import { useParams } from 'react-router';
import { AiSuggestionsPanel } from '../../features/ai';
import { ChecklistPage as Checklist } from '../../features/checklist';

/** The checklist with the AI assistant's suggestions for it: two features, composed here (docs/architecture.md "The web app"). */
export function ChecklistPage() {
  const { dealId = '' } = useParams();
  return <Checklist suggestions={<AiSuggestionsPanel dealId={dealId} />} />;
}

export default ChecklistPage;
