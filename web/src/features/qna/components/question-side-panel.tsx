import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { QnaAssignee, QuestionDetail } from '@contracts/qna';
import { Lock, LockOpen, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { SelectField } from '../../../components/select-field';
import type { PickableFile } from '../api/file-search';
import type { QuestionAction } from '../api/question-action';
import { FileAttachPicker } from './file-attach-picker';

/** Assign, close or reopen, release to all bidders, attach files: what the caller may do with a question. */
export function QuestionSidePanel({
  dealId,
  question,
  assignees,
  busy,
  onAction,
}: {
  dealId: string;
  question: QuestionDetail;
  assignees: QnaAssignee[];
  busy: boolean;
  onAction: (action: QuestionAction) => void;
}) {
  const [picked, setPicked] = useState<PickableFile[]>([]);
  return (
    <Card.Root>
      <Card.Body gap="4" p="4">
        <Heading size="sm">Actions</Heading>
        {question.can_assign ? (
          <SelectField
            label="Assignee"
            value={question.assignee_id ?? ''}
            onChange={(v) => onAction({ kind: 'assign', assignee_id: v || null })}
            options={[['', 'Nobody'], ...assignees.map((a) => [a.id, a.name] as const)]}
          />
        ) : (
          question.assignee_name && <Text textStyle="sm">Assigned to {question.assignee_name}</Text>
        )}
        <Stack gap="2">
          {question.can_close && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction({ kind: 'close' })}>
              <Lock /> Close Question
            </Button>
          )}
          {question.can_reopen && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction({ kind: 'reopen' })}>
              <LockOpen /> Reopen Question
            </Button>
          )}
          {question.can_release_to_all && (
            <Button
              size="sm"
              colorPalette="purple"
              variant="outline"
              disabled={busy}
              onClick={() => onAction({ kind: 'release' })}
            >
              <Megaphone /> Release to All Bidders
            </Button>
          )}
        </Stack>
        {question.can_attach && (
          <Stack gap="2">
            <Text textStyle="sm" fontWeight="medium">
              Attach files to the question
            </Text>
            <FileAttachPicker
              dealId={dealId}
              picked={picked}
              onChange={(files) => {
                const added = files.find((f) => !picked.some((p) => p.id === f.id));
                if (added) onAction({ kind: 'attach', file_id: added.id });
                setPicked([]);
              }}
            />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
