import { Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { AnswerAction } from '../api/answer-action';
import type { PickableFile } from '../api/file-search';
import { FileAttachPicker } from './file-attach-picker';

/** The answering side's composer: a draft, with data-room files, that an approver then releases. */
export function AnswerComposer({
  dealId,
  busy,
  onSubmit,
}: {
  dealId: string;
  busy: boolean;
  onSubmit: (action: AnswerAction, done: () => void) => void;
}) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<PickableFile[]>([]);
  return (
    <Stack gap="2" data-testid="answer-composer">
      <Text textStyle="sm" fontWeight="medium">
        Draft an answer
      </Text>
      <Textarea
        aria-label="Answer"
        placeholder="Write the answer. It stays a draft, seen only by the answering side, until an approver releases it."
        rows={4}
        value={body}
        onChange={(e) => setBody(e.target.value)}
      />
      <FileAttachPicker dealId={dealId} picked={files} onChange={setFiles} />
      <HStack justify="flex-end">
        <Button
          colorPalette="brand"
          size="sm"
          loading={busy}
          disabled={!body.trim()}
          onClick={() =>
            onSubmit({ kind: 'draft', body: body.trim(), attachment_file_ids: files.map((f) => f.id) }, () => {
              setBody('');
              setFiles([]);
            })
          }
        >
          Save Draft
        </Button>
      </HStack>
    </Stack>
  );
}
