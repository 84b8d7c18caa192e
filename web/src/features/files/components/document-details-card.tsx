import { Button, Field, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { OptionSelect } from '../../../components/option-select';
import { Pencil, Sparkles } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { formatDate } from '../../../lib/format';
import { CONFIDENTIALITY_LEVELS, DOCUMENT_TYPES, type FileMetadata } from '../types';
import { InfoList } from './info-list';
import { Panel } from '../../../components/panel';
import { FormField } from '../../../components/form-field';
import { EditActions } from '../../../components/edit-actions';

export interface DocumentDetails {
  formatted_title: string;
  custom_file_category: string;
  document_type: string;
  quick_summary: string;
  confidentiality_level: string;
  date_range_start: string;
  date_range_end: string;
  /** Comma-separated in the form; lists on the server. */
  people_mentioned: string;
  named_organizations: string;
  languages_used: string;
}

export function detailsFrom(metadata: FileMetadata | undefined, fallbackTitle?: string | null): DocumentDetails {
  return {
    formatted_title: metadata?.formatted_title ?? fallbackTitle ?? '',
    custom_file_category: metadata?.custom_file_category ?? '',
    document_type: metadata?.document_type ?? '',
    quick_summary: metadata?.quick_summary ?? '',
    confidentiality_level: metadata?.confidentiality_level ?? '',
    date_range_start: metadata?.date_range_start ?? '',
    date_range_end: metadata?.date_range_end ?? '',
    people_mentioned: (metadata?.people_mentioned ?? []).join(', '),
    named_organizations: (metadata?.named_organizations ?? []).join(', '),
    languages_used: (metadata?.languages_used ?? []).join(', '),
  };
}

/** 'Jane Doe, , Acme Ltd, Jane Doe' → ['Jane Doe', 'Acme Ltd']. */
export const listOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  ),
];

/** The PUT metadata body: blanks become null (cleared). */
export function metadataPayload(details: DocumentDetails): Partial<FileMetadata> {
  const value = (text: string) => (text.trim() ? text.trim() : null);
  return {
    formatted_title: value(details.formatted_title),
    custom_file_category: value(details.custom_file_category),
    document_type: value(details.document_type),
    quick_summary: value(details.quick_summary),
    confidentiality_level: value(details.confidentiality_level),
    date_range_start: value(details.date_range_start),
    date_range_end: value(details.date_range_end),
    people_mentioned: listOf(details.people_mentioned),
    named_organizations: listOf(details.named_organizations),
    languages_used: listOf(details.languages_used),
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const notSet = (
  <Text as="span" color="fg.subtle">
    Not set
  </Text>
);

function dateRange(start: string, end: string) {
  if (!start && !end) return notSet;
  if (start && end) return `${formatDate(`${start}T00:00:00`)} – ${formatDate(`${end}T00:00:00`)}`;
  return start ? `From ${formatDate(`${start}T00:00:00`)}` : `Until ${formatDate(`${end}T00:00:00`)}`;
}

/** Document Details (docs/product.md §2 File detail): editable. */
export function DocumentDetailsCard({
  details,
  canEdit,
  saving,
  onSave,
  generating = false,
  onGenerate,
}: {
  details: DocumentDetails;
  canEdit: boolean;
  saving: boolean;
  onSave: (details: DocumentDetails) => Promise<unknown>;
  /** 'Generate with AI': fills the empty fields (docs/product.md §5); absent when the caller may not edit. */
  generating?: boolean;
  onGenerate?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState(details);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!editing) setForm(details);
  }, [details, editing]);

  const set = (field: keyof DocumentDetails) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.date_range_start && form.date_range_end && form.date_range_start > form.date_range_end) {
      setError('The date range must start before it ends');
      return;
    }
    setError(null);
    onSave(form)
      .then(() => setEditing(false))
      .catch(() => undefined);
  };

  return (
    <Panel
      title="Document Details"
      testId="document-details"
      action={
        canEdit && !editing ? (
          <HStack gap="1">
            {onGenerate && (
              <Button size="xs" variant="ghost" loading={generating} loadingText="Generating..." onClick={onGenerate}>
                <Sparkles /> Generate with AI
              </Button>
            )}
            <Button size="xs" variant="ghost" onClick={() => setEditing(true)}>
              <Pencil /> Edit
            </Button>
          </HStack>
        ) : undefined
      }
    >
      {editing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <FormField label="Formatted title">
              <Input value={form.formatted_title} onChange={(e) => set('formatted_title')(e.target.value)} maxLength={500} />
            </FormField>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label="Custom category">
                <Input
                  value={form.custom_file_category}
                  onChange={(e) => set('custom_file_category')(e.target.value)}
                  maxLength={200}
                />
              </FormField>
              <FormField label="Document type">
                <OptionSelect
                  label="Document type"
                  value={form.document_type}
                  onChange={set('document_type')}
                  options={[['', 'Not set'], ...DOCUMENT_TYPES.map((type) => [type, type] as const)]}
                />
              </FormField>
            </SimpleGrid>
            <FormField label="Quick summary">
              <Textarea
                value={form.quick_summary}
                onChange={(e) => set('quick_summary')(e.target.value)}
                rows={4}
                maxLength={5000}
              />
            </FormField>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FormField label="Confidentiality">
                <OptionSelect
                  label="Confidentiality"
                  value={form.confidentiality_level}
                  onChange={set('confidentiality_level')}
                  options={[['', 'Not set'], ...CONFIDENTIALITY_LEVELS.map((level) => [level, capitalise(level)] as const)]}
                />
              </FormField>
              <Field.Root invalid={Boolean(error)}>
                <Field.Label>Date range start</Field.Label>
                <Input type="date" value={form.date_range_start} onChange={(e) => set('date_range_start')(e.target.value)} />
              </Field.Root>
              <Field.Root invalid={Boolean(error)}>
                <Field.Label>Date range end</Field.Label>
                <Input type="date" value={form.date_range_end} onChange={(e) => set('date_range_end')(e.target.value)} />
              </Field.Root>
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {(
                [
                  ['people_mentioned', 'People mentioned', 'Jane Doe, John Smith'],
                  ['named_organizations', 'Organizations', 'Acme Ltd, Globex'],
                  ['languages_used', 'Languages', 'English, German'],
                ] as const
              ).map(([key, label, placeholder]) => (
                <Field.Root key={key}>
                  <Field.Label>{label}</Field.Label>
                  <Input value={form[key]} placeholder={placeholder} onChange={(e) => set(key)(e.target.value)} />
                  <Field.HelperText>Separate with commas.</Field.HelperText>
                </Field.Root>
              ))}
            </SimpleGrid>
            {error && (
              <Text textStyle="sm" color="fg.error" role="alert">
                {error}
              </Text>
            )}
            <EditActions
              saving={saving}
              size="sm"
              onCancel={() => {
                setForm(details);
                setError(null);
                setEditing(false);
              }}
            />
          </Stack>
        </form>
      ) : (
        <InfoList
          items={[
            { label: 'Formatted title', value: details.formatted_title || notSet },
            { label: 'Custom category', value: details.custom_file_category || notSet },
            { label: 'Document type', value: details.document_type || notSet },
            {
              label: 'Quick summary',
              value: details.quick_summary ? <Text whiteSpace="pre-wrap">{details.quick_summary}</Text> : notSet,
            },
            {
              label: 'Confidentiality',
              value: details.confidentiality_level ? capitalise(details.confidentiality_level) : notSet,
            },
            { label: 'Date range', value: dateRange(details.date_range_start, details.date_range_end) },
          ]}
        />
      )}
    </Panel>
  );
}
