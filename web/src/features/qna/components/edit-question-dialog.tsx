import type { EditQuestionBody, QuestionDetail } from '@contracts/qna';
import { useEffect, useState } from 'react';
import { useEditQuestion } from '../api/edit-question';
import { EMPTY_QUESTION, QuestionDialog, QuestionFields, type QuestionFieldValues } from './question-fields';

const fieldsOf = (q: QuestionDetail): QuestionFieldValues => ({
  title: q.title,
  body: q.body,
  category: q.category,
  priority: q.priority,
  due: q.due_date ?? '',
});

/**
 * "Edit question": the fields of Ask, filled in. The asker changes all of them while the question is
 * open and unanswered; the answering side only category, priority and due date (decision 52). A refused
 * save keeps the dialog open with what was typed, and its toast says why.
 */
export function EditQuestionDialog({
  dealId,
  question,
  open,
  onClose,
}: {
  dealId: string;
  question: QuestionDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<QuestionFieldValues>(EMPTY_QUESTION);
  const edit = useEditQuestion(dealId, question.id, onClose);
  useEffect(() => {
    if (open) setFields(fieldsOf(question));
    // Filled once per opening: the page asking again every 10 s must not overwrite what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const words = question.can_edit_text;
  const submit = () => {
    const body: EditQuestionBody = { category: fields.category.trim(), priority: fields.priority, due_date: fields.due || null };
    if (words) Object.assign(body, { title: fields.title.trim(), body: fields.body.trim() });
    edit.mutate(body);
  };
  return (
    <QuestionDialog
      open={open}
      onClose={onClose}
      title="Edit question"
      busy={edit.isPending}
      fields={fields}
      onSubmit={submit}
      submitLabel="Save"
      busyLabel="Saving..."
    >
      <QuestionFields value={fields} onChange={setFields} wordsLocked={!words} />
    </QuestionDialog>
  );
}
