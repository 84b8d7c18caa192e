import { Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { QuestionPriority } from '@contracts/qna';
import type { ComponentProps } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { SelectField } from '../../../components/select-field';

/** What a question says and how it is handled: the form of Ask and of Edit (decision 52). */
export interface QuestionFieldValues {
  title: string;
  body: string;
  category: string;
  priority: QuestionPriority;
  due: string;
}

export const EMPTY_QUESTION: QuestionFieldValues = { title: '', body: '', category: '', priority: 'normal', due: '' };

const PRIORITIES = [
  ['normal', 'Normal'],
  ['high', 'High'],
  ['low', 'Low'],
] as const;

/** Title, question, category, priority and due date; `wordsLocked` keeps the asker's title and text read-only. */
export function QuestionFields({
  value,
  onChange,
  wordsLocked = false,
}: {
  value: QuestionFieldValues;
  onChange: (value: QuestionFieldValues) => void;
  wordsLocked?: boolean;
}) {
  const set = (patch: Partial<QuestionFieldValues>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="4">
      <Field.Root required disabled={wordsLocked}>
        <Field.Label>Title</Field.Label>
        <Input
          value={value.title}
          maxLength={200}
          onChange={(e) => set({ title: e.target.value })}
          placeholder="What do you want to know?"
        />
      </Field.Root>
      <Field.Root disabled={wordsLocked}>
        <Field.Label>Question</Field.Label>
        <Textarea value={value.body} rows={4} maxLength={10000} onChange={(e) => set({ body: e.target.value })} />
        {wordsLocked && <Field.HelperText>Only the asker can change the title and the question.</Field.HelperText>}
      </Field.Root>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <Field.Root>
          <Field.Label textStyle="xs">Category</Field.Label>
          <Input
            size="sm"
            value={value.category}
            maxLength={100}
            onChange={(e) => set({ category: e.target.value })}
            placeholder="e.g. Finance"
          />
        </Field.Root>
        <SelectField
          label="Priority"
          value={value.priority}
          onChange={(v) => set({ priority: v as QuestionPriority })}
          options={PRIORITIES}
        />
        <Field.Root>
          <Field.Label textStyle="xs">Due date</Field.Label>
          <Input size="sm" type="date" value={value.due} onChange={(e) => set({ due: e.target.value })} />
        </Field.Root>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The dialog of Ask and of Edit around the fields: it may be closed while sending, and sends only with a
 * title (its submit button is off until one is typed).
 */
export function QuestionDialog({
  fields,
  onSubmit,
  ...dialog
}: Pick<
  ComponentProps<typeof FormDialog>,
  'open' | 'onClose' | 'title' | 'description' | 'busy' | 'submitLabel' | 'busyLabel' | 'children'
> & {
  fields: QuestionFieldValues;
  onSubmit: () => void;
}) {
  const titled = Boolean(fields.title.trim());
  return (
    <FormDialog
      {...dialog}
      size="xl"
      preventClose={false}
      noValidate={false}
      pb="0"
      onSubmit={() => {
        if (titled) onSubmit();
      }}
      submitDisabled={!titled}
    />
  );
}
