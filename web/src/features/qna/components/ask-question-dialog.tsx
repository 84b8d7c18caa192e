import { Stack, Text } from '@chakra-ui/react';
import type { QuestionDetail } from '@contracts/qna';
import { useEffect, useState } from 'react';
import { useAskQuestion } from '../api/ask-question';
import type { PickableFile } from '../api/file-search';
import { FileAttachPicker } from './file-attach-picker';
import { EMPTY_QUESTION, QuestionDialog, QuestionFields, type QuestionFieldValues } from './question-fields';

/** What a new question is about: fixed when asked from a file or a checklist item. */
export interface AskScope {
  file_id?: string;
  checklist_item_id?: string;
  label?: string;
}

/** "Ask a question": title, question, category, priority, due date and attached data-room files. */
export function AskQuestionDialog({
  dealId,
  open,
  scope,
  onClose,
  onAsked,
}: {
  dealId: string;
  open: boolean;
  scope?: AskScope;
  onClose: () => void;
  onAsked?: (question: QuestionDetail) => void;
}) {
  const [fields, setFields] = useState<QuestionFieldValues>(EMPTY_QUESTION);
  const [files, setFiles] = useState<PickableFile[]>([]);
  const ask = useAskQuestion(dealId, (q) => {
    onClose();
    onAsked?.(q);
  });
  useEffect(() => {
    if (!open) return;
    setFields(EMPTY_QUESTION);
    setFiles([]);
  }, [open]);
  const submit = () =>
    ask.mutate({
      title: fields.title.trim(),
      body: fields.body.trim(),
      category: fields.category.trim(),
      priority: fields.priority,
      due_date: fields.due || null,
      file_id: scope?.file_id ?? null,
      checklist_item_id: scope?.checklist_item_id ?? null,
      attachment_file_ids: files.map((f) => f.id),
    });
  return (
    <QuestionDialog
      open={open}
      onClose={onClose}
      title="Ask a question"
      description={`About: ${scope?.label ?? 'the deal'}. Seen by your group and the answering side until they release it to all bidders.`}
      busy={ask.isPending}
      fields={fields}
      onSubmit={submit}
      submitLabel="Ask Question"
      busyLabel="Sending..."
    >
      <QuestionFields value={fields} onChange={setFields} />
      <Stack gap="1">
        <Text textStyle="sm" fontWeight="medium">
          Attachments
        </Text>
        <FileAttachPicker dealId={dealId} picked={files} onChange={setFiles} />
      </Stack>
    </QuestionDialog>
  );
}
