import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { MessageCircleQuestion, Plus } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Panel } from '../../components/panel';
import { useQuestions } from './api/questions';
import { AskQuestionDialog, type AskScope } from './components/ask-question-dialog';
import { QuestionBadges } from './components/question-badges';

/** The "Questions" card of a file or checklist item page: that scope's questions, and "Ask a question". */
export function QuestionsCard({ dealId, scope }: { dealId: string; scope: AskScope }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const query = useQuestions(dealId, {
    status: 'all',
    scope: scope.file_id ? 'file' : 'item',
    file_id: scope.file_id,
    item_id: scope.checklist_item_id,
    search: '',
  });
  const first = query.data?.pages[0];
  const rows = first?.items ?? [];
  return (
    <Panel
      title="Questions"
      icon={<MessageCircleQuestion size={16} />}
      testId="questions-card"
      action={
        first?.can_ask ? (
          <Button size="xs" variant="outline" onClick={() => setAsking(true)}>
            <Plus /> Ask a question
          </Button>
        ) : undefined
      }
    >
      {query.isPending ? (
        <Text textStyle="sm" color="fg.muted">
          Loading...
        </Text>
      ) : rows.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          No questions yet.
        </Text>
      ) : (
        <Stack gap="2">
          {rows.slice(0, 10).map((row, index) => (
            <Fragment key={row.id}>
              {index > 0 && <Separator />}
              <Stack gap="1">
                <RouterLink to={`/deals/${dealId}/qna/${row.id}`}>
                  <Text textStyle="sm" fontWeight="medium" _hover={{ textDecoration: 'underline' }}>
                    {row.title}
                  </Text>
                </RouterLink>
                <QuestionBadges row={row} />
              </Stack>
            </Fragment>
          ))}
          {(first?.counts.all ?? 0) > 10 && (
            <HStack justify="flex-end">
              <RouterLink to={`/deals/${dealId}/qna`}>
                <Text textStyle="xs" color="fg.muted">
                  All {first?.counts.all} questions in Q&amp;A
                </Text>
              </RouterLink>
            </HStack>
          )}
        </Stack>
      )}
      <AskQuestionDialog
        dealId={dealId}
        open={asking}
        scope={scope}
        onClose={() => setAsking(false)}
        onAsked={(q) => navigate(`/deals/${dealId}/qna/${q.id}`)}
      />
    </Panel>
  );
}
