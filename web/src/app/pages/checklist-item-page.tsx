import { useParams } from 'react-router';
import { ChecklistItemPage as ChecklistItem } from '../../features/checklist';
import { QuestionsCard } from '../../features/qna';

/** A checklist item's page with its Questions card: two features, composed here (docs/architecture.md "The web app"). */
export default function ChecklistItemPage() {
  const { dealId = '', itemId = '' } = useParams();
  return (
    <ChecklistItem
      questions={<QuestionsCard dealId={dealId} scope={{ checklist_item_id: itemId, label: 'this checklist item' }} />}
    />
  );
}
