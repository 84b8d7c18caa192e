import { Field, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { QuestionDetail, QuestionPriority } from '@contracts/qna';
import { useEffect, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { useAskQuestion } from '../api/ask-question';
import type { PickableFile } from '../api/file-search';
import { FileAttachPicker } from './file-attach-picker';

/** What a new question is about: fixed when asked from a file or a checklist item. */
export interface AskScope {
  file_id?: string;
  checklist_item_id?: string;
  label?: string;
}

const PRIORITIES = [
  ['normal', 'Normal'],
  ['high', 'High'],
  ['low', 'Low'],
] as const;

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
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [category, setCategory] = useState('');
  const [priority, setPriority] = useState<QuestionPriority>('normal');
  const [due, setDue] = useState('');
  const [files, setFiles] = useState<PickableFile[]>([]);
  const ask = useAskQuestion(dealId, (q) => {
    onClose();
    onAsked?.(q);
  });
  useEffect(() => {
    if (!open) return;
    setTitle('');
    setBody('');
    setCategory('');
    setPriority('normal');
    setDue('');
    setFiles([]);
  }, [open]);
  const submit = () =>
    ask.mutate({
      title: title.trim(),
      body: body.trim(),
      category: category.trim(),
      priority,
      due_date: due || null,
      file_id: scope?.file_id ?? null,
      checklist_item_id: scope?.checklist_item_id ?? null,
      attachment_file_ids: files.map((f) => f.id),
    });
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      title="Ask a question"
      description={`About: ${scope?.label ?? 'the deal'}. Seen by your group and the answering side until they release it to all bidders.`}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) submit();
        }}
      >
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>Title</Field.Label>
            <Input
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="What do you want to know?"
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Question</Field.Label>
            <Textarea value={body} rows={4} maxLength={10000} onChange={(e) => setBody(e.target.value)} />
          </Field.Root>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <Field.Root>
              <Field.Label textStyle="xs">Category</Field.Label>
              <Input
                size="sm"
                value={category}
                maxLength={100}
                onChange={(e) => setCategory(e.target.value)}
                placeholder="e.g. Finance"
              />
            </Field.Root>
            <SelectField
              label="Priority"
              value={priority}
              onChange={(v) => setPriority(v as QuestionPriority)}
              options={PRIORITIES}
            />
            <Field.Root>
              <Field.Label textStyle="xs">Due date</Field.Label>
              <Input size="sm" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
            </Field.Root>
          </SimpleGrid>
          <Stack gap="1">
            <Text textStyle="sm" fontWeight="medium">
              Attachments
            </Text>
            <FileAttachPicker dealId={dealId} picked={files} onChange={setFiles} />
          </Stack>
          <FormActions
            submitLabel="Ask Question"
            busy={ask.isPending}
            busyLabel="Sending..."
            disabled={!title.trim()}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
