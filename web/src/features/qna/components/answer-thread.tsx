import { Badge, Box, Button, Card, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import type { QuestionAnswer, QuestionAttachment, QuestionDetail } from '@contracts/qna';
import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import type { AnswerAction } from '../api/answer-action';

export function AttachmentList({ dealId, items }: { dealId: string; items: QuestionAttachment[] }) {
  if (!items.length) return null;
  return (
    <HStack gap="2" wrap="wrap" data-testid="attachments">
      {items.map((a) => (
        <RouterLink key={a.id} to={`/deals/${dealId}/files/${a.file_id}`}>
          <Badge variant="outline" size="md" gap="1">
            <Paperclip size={12} /> {a.file_name}
          </Badge>
        </RouterLink>
      ))}
    </HStack>
  );
}

function AnswerCard({
  dealId,
  answer,
  attachments,
  question,
  busy,
  onAction,
}: {
  dealId: string;
  answer: QuestionAnswer;
  attachments: QuestionAttachment[];
  question: QuestionDetail;
  busy: boolean;
  onAction: (action: AnswerAction) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const draft = answer.state === 'draft';
  return (
    <Card.Root variant="outline" borderColor={draft ? 'orange.muted' : undefined} data-testid="answer">
      <Card.Body gap="2" p="4">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2">
            <Text fontWeight="medium" textStyle="sm">
              {answer.author_name ?? 'Answering team'}
            </Text>
            {draft ? <Badge colorPalette="orange">Draft, awaiting approval</Badge> : <Badge colorPalette="green">Released</Badge>}
          </HStack>
          <Text textStyle="xs" color="fg.muted">
            {formatDateTime(answer.released_at ?? answer.updated_at)}
          </Text>
        </HStack>
        {editing !== null ? (
          <Stack gap="2">
            <Textarea aria-label="Edit draft answer" value={editing} rows={4} onChange={(e) => setEditing(e.target.value)} />
            <HStack justify="flex-end">
              <Button size="xs" variant="ghost" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              <Button
                size="xs"
                colorPalette="brand"
                loading={busy}
                disabled={!editing.trim()}
                onClick={() => {
                  onAction({ kind: 'edit', answerId: answer.id, body: editing });
                  setEditing(null);
                }}
              >
                Save Draft
              </Button>
            </HStack>
          </Stack>
        ) : (
          <Text whiteSpace="pre-wrap">{answer.body}</Text>
        )}
        <AttachmentList dealId={dealId} items={attachments} />
        {draft && editing === null && (question.can_answer || question.can_approve) && (
          <HStack gap="2" justify="flex-end" wrap="wrap">
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              disabled={busy}
              onClick={() => onAction({ kind: 'delete', answerId: answer.id })}
            >
              Delete
            </Button>
            <Button size="xs" variant="outline" disabled={busy} onClick={() => setEditing(answer.body)}>
              Edit
            </Button>
            {question.can_approve && (
              <Button
                size="xs"
                colorPalette="green"
                loading={busy}
                onClick={() => onAction({ kind: 'release', answerId: answer.id })}
              >
                Approve &amp; Release
              </Button>
            )}
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The answers of a question, oldest first; drafts (answering side only) can be edited, deleted, released. */
export function AnswerThread({
  dealId,
  question,
  busy,
  onAction,
}: {
  dealId: string;
  question: QuestionDetail;
  busy: boolean;
  onAction: (action: AnswerAction) => void;
}) {
  if (!question.answers.length) {
    return (
      <Box py="4">
        <Text textStyle="sm" color="fg.muted">
          No answer yet.
        </Text>
      </Box>
    );
  }
  return (
    <Stack gap="3" data-testid="answer-thread">
      {question.answers.map((answer) => (
        <AnswerCard
          key={answer.id}
          dealId={dealId}
          answer={answer}
          attachments={question.attachments.filter((a) => a.answer_id === answer.id)}
          question={question}
          busy={busy}
          onAction={onAction}
        />
      ))}
    </Stack>
  );
}
