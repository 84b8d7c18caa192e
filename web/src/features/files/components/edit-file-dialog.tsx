import { Field, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { FormActions } from '../../../components/form-actions';
import { SelectField } from '../../../components/select-field';
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { errorDetail } from '../../../lib/api/client';
import { useFileMetadata } from '../api/file-metadata';
import { useEditFile } from '../api/edit-file';
import { CONFIDENTIALITY_LEVELS, DOCUMENT_TYPES, type FileSummary } from '../types';
import { detailsFrom, type DocumentDetails } from './document-details-card';
import { TextAreaField, TextField } from '../../../components/text-field';

export const FILE_NAME_REQUIRED = 'Please enter a file name';
const splitTags = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** Edit File from a data room row (docs/product.md §2): name, tags and the document details. */
export function EditFileDialog({ dealId, file, onClose }: { dealId: string; file: FileSummary | null; onClose: () => void }) {
  const metadata = useFileMetadata(dealId, file?.id ?? '', file !== null);
  const save = useEditFile(dealId, onClose);
  const [name, setName] = useState('');
  const [tags, setTags] = useState('');
  const [details, setDetails] = useState<DocumentDetails | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const loaded = metadata.data;
  useEffect(() => {
    if (!file || !loaded) return;
    setName(loaded.file.name);
    setTags((loaded.file.tags ?? []).join(', '));
    setDetails(detailsFrom(loaded.metadata, loaded.file.formatted_title));
    setProblem(null);
  }, [file, loaded]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !loaded || !details) return;
    if (!name.trim()) return setProblem(FILE_NAME_REQUIRED);
    save.mutate({
      fileId: file.id,
      name: name.trim(),
      tags: splitTags(tags),
      details,
      before: {
        name: loaded.file.name,
        tags: loaded.file.tags ?? [],
        details: detailsFrom(loaded.metadata, loaded.file.formatted_title),
      },
    });
  };
  const set = (key: keyof DocumentDetails) => (value: string) => setDetails((d) => (d ? { ...d, [key]: value } : d));
  const choices = (options: readonly string[]) => [
    ['', 'Not set'] as const,
    ...options.map((o) => [o, o.charAt(0).toUpperCase() + o.slice(1)] as const),
  ];
  return (
    <Modal
      open={file !== null}
      onClose={onClose}
      title="Edit File"
      description={file?.name}
      size="lg"
      preventClose={save.isPending}
    >
      {metadata.isError ? (
        <Field.Root invalid pb="4">
          <Field.ErrorText>{errorDetail(metadata.error, 'Failed to load file data')}</Field.ErrorText>
        </Field.Root>
      ) : !details ? (
        <Stack gap="3" pb="4" aria-busy="true">
          <Skeleton h="10" />
          <Skeleton h="10" />
          <Skeleton h="20" />
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="4" pb="2">
            <TextField
              label="File name"
              required
              error={problem}
              value={name}
              maxLength={255}
              onChange={(value) => {
                setName(value);
                setProblem(null);
              }}
            />
            <TextField
              label="Formatted title"
              value={details.formatted_title}
              maxLength={500}
              onChange={set('formatted_title')}
            />
            <TextAreaField
              label="Description"
              value={details.quick_summary}
              rows={3}
              maxLength={5000}
              onChange={set('quick_summary')}
            />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <SelectField
                size="md"
                label="Document type"
                value={details.document_type}
                options={choices(DOCUMENT_TYPES)}
                onChange={set('document_type')}
              />
              <SelectField
                size="md"
                label="Confidentiality"
                value={details.confidentiality_level}
                options={choices(CONFIDENTIALITY_LEVELS)}
                onChange={set('confidentiality_level')}
              />
            </SimpleGrid>
            <TextField
              label="Tags"
              helper={<>Separate tags with commas.</>}
              value={tags}
              placeholder="e.g. legal, signed"
              onChange={setTags}
            />
            <FormActions submitLabel="Save Changes" busy={save.isPending} busyLabel="Saving..." onCancel={onClose} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
