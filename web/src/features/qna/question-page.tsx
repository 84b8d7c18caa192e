/** One question at /deals/:dealId/qna/:questionId: its text, thread, attachments and workflow actions. */
import { Box, Button, Card, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, MessageCircleQuestion, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageContainer } from '../../components/layout/page-container';
import { ApiError } from '../../lib/api/client';
import { formatDateTime } from '../../lib/format';
import { useAnswerAction } from './api/answer-action';
import { useAssignees } from './api/assignees';
import { useQuestion } from './api/question';
import { useQuestionAction } from './api/question-action';
import { AnswerComposer } from './components/answer-composer';
import { AnswerThread, AttachmentList } from './components/answer-thread';
import { EditQuestionDialog } from './components/edit-question-dialog';
import { QuestionBadges } from './components/question-badges';
import { QuestionSidePanel } from './components/question-side-panel';
import { aboutText } from './logic';

function aboutLink(dealId: string, q: { file_id: string | null; checklist_item_id: string | null }) {
  if (q.file_id) return `/deals/${dealId}/files/${q.file_id}`;
  if (q.checklist_item_id) return `/deals/${dealId}/checklist/items/${q.checklist_item_id}`;
  return null;
}

export default function QuestionPage() {
  const { dealId = '', questionId = '' } = useParams();
  const question = useQuestion(dealId, questionId);
  const q = question.data;
  const assignees = useAssignees(dealId, Boolean(q?.can_assign));
  const action = useQuestionAction(dealId, questionId);
  const answer = useAnswerAction(dealId, questionId);
  const [editing, setEditing] = useState(false);
  const back = (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
      <RouterLink to={`/deals/${dealId}/qna`}>
        <ArrowLeft /> Back to Q&amp;A
      </RouterLink>
    </Button>
  );

  if (question.error instanceof ApiError && question.error.status === 404) {
    return (
      <PageContainer>
        <EmptyState
          icon={<MessageCircleQuestion />}
          title="Question not found"
          description="It may not be visible to you, or the link is wrong."
          action={back}
        />
      </PageContainer>
    );
  }
  if (!q) {
    return (
      <PageContainer>
        <Stack gap="4">
          <Skeleton h="8" w="64" />
          <Skeleton h="40" />
        </Stack>
      </PageContainer>
    );
  }
  const link = aboutLink(dealId, q);
  return (
    <PageContainer>
      <Stack gap="5">
        {back}
        <Stack gap="2">
          <HStack justify="space-between" align="start" gap="3">
            <Heading as="h1" size="xl" data-testid="question-title">
              {q.title}
            </Heading>
            {q.can_edit && (
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil /> Edit
              </Button>
            )}
          </HStack>
          <QuestionBadges row={q} />
          <HStack gap="3" textStyle="sm" color="fg.muted" wrap="wrap">
            <Text>
              About:{' '}
              {link ? (
                <RouterLink to={link}>
                  <Box as="span" textDecoration="underline">
                    {aboutText(q)}
                  </Box>
                </RouterLink>
              ) : (
                aboutText(q)
              )}
            </Text>
            {q.asked_by_name && (
              <Text>
                Asked by {q.asked_by_name}
                {q.asker_group_name ? ` (${q.asker_group_name})` : ''}
              </Text>
            )}
            <Text>{formatDateTime(q.created_at)}</Text>
            {q.category && <Text>Category: {q.category}</Text>}
            {q.due_date && <Text>Due {q.due_date}</Text>}
          </HStack>
        </Stack>
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 320px' }} gap="5" alignItems="start">
          <Stack gap="5" minW="0">
            <Card.Root>
              <Card.Body gap="3" p="4">
                <Text whiteSpace="pre-wrap" color={q.body ? undefined : 'fg.muted'}>
                  {q.body || 'No further detail.'}
                </Text>
                <AttachmentList dealId={dealId} items={q.attachments.filter((a) => !a.answer_id)} />
              </Card.Body>
            </Card.Root>
            <Heading size="md">Answers</Heading>
            <AnswerThread dealId={dealId} question={q} busy={answer.isPending} onAction={(a) => answer.mutate(a)} />
            {q.can_answer && (
              <Card.Root>
                <Card.Body p="4">
                  <AnswerComposer
                    dealId={dealId}
                    busy={answer.isPending}
                    onSubmit={(a, done) => answer.mutate(a, { onSuccess: done })}
                  />
                </Card.Body>
              </Card.Root>
            )}
          </Stack>
          <QuestionSidePanel
            dealId={dealId}
            question={q}
            assignees={assignees.data ?? []}
            busy={action.isPending}
            onAction={(a) => action.mutate(a)}
          />
        </Grid>
      </Stack>
      {q.can_edit && <EditQuestionDialog dealId={dealId} question={q} open={editing} onClose={() => setEditing(false)} />}
    </PageContainer>
  );
}
