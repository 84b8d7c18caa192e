import { Button, Field, Flex, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Panel } from '../../../components/panel';
import { usePatchItem } from '../api/patch-item';
import { MESSAGES, parseExpectedCount, validateExpectedCount } from '../logic';
import type { ChecklistItemDetail } from '../types';
import { DetailRow } from './detail-row';
import { FormField } from '../../../components/form-field';
import { EditActions } from '../../../components/edit-actions';
import { RequiredCheckbox } from './required-checkbox';

/** Details: view, or (with the right to edit the checklist) edit name, description, required, expected files. */
export function DetailsCard({
  dealId,
  itemId,
  item,
  canEdit,
}: {
  dealId: string;
  itemId: string;
  item: ChecklistItemDetail;
  canEdit: boolean;
}) {
  const save = usePatchItem(dealId, itemId);
  const saving = save.isPending;
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [required, setRequired] = useState(true);
  const [expected, setExpected] = useState('');
  const [errors, setErrors] = useState<{ name?: string; expected?: string }>({});

  const start = () => {
    setName(item.name);
    setDescription(item.description ?? '');
    setRequired(Boolean(item.required));
    setExpected(String(item.metadata?.anticipated_file_count ?? 0));
    setErrors({});
    setEditing(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : MESSAGES.itemName,
      expected: validateExpectedCount(expected) ?? undefined,
    };
    setErrors(found);
    if (found.name || found.expected) return;
    try {
      await save.mutateAsync({
        name: name.trim(),
        description: description.trim(),
        required,
        anticipated_file_count: parseExpectedCount(expected) ?? 0,
      });
      setEditing(false);
    } catch {
      /* the toast says it; the form stays open */
    }
  };

  return (
    <Panel
      title="Details"
      testId="details-card"
      action={
        canEdit && !editing ? (
          <Button size="xs" variant="outline" onClick={start}>
            <Pencil /> Edit
          </Button>
        ) : undefined
      }
    >
      {editing ? (
        <form onSubmit={submit} noValidate aria-label="Edit details">
          <Stack gap="4">
            <FormField label="Name" required error={errors.name}>
              <Input value={name} onChange={(e) => setName(e.target.value)} name="name" autoFocus />
            </FormField>
            <FormField label="Description">
              <Textarea value={description} onChange={(e) => setDescription(e.target.value)} name="description" rows={4} />
            </FormField>
            <HStack gap="6" align="flex-start" wrap="wrap">
              <Field.Root invalid={Boolean(errors.expected)} w="auto">
                <Field.Label>Expected files</Field.Label>
                <Input
                  value={expected}
                  onChange={(e) => {
                    setExpected(e.target.value);
                    if (errors.expected) setErrors((prev) => ({ ...prev, expected: undefined }));
                  }}
                  name="anticipated_file_count"
                  inputMode="numeric"
                  maxW="28"
                  aria-label="Expected files"
                />
                {errors.expected && <Field.ErrorText maxW="xs">{errors.expected}</Field.ErrorText>}
              </Field.Root>
              <RequiredCheckbox checked={required} onChange={setRequired} />
            </HStack>
            <EditActions saving={saving} size="sm" onCancel={() => setEditing(false)} />
          </Stack>
        </form>
      ) : (
        <Stack gap="4">
          <DetailRow label="Description">
            {item.description ? (
              <Text whiteSpace="pre-wrap" color="fg">
                {item.description}
              </Text>
            ) : (
              <Text color="fg.subtle">No description</Text>
            )}
          </DetailRow>
          <Flex gap="8" wrap="wrap">
            <DetailRow label="Category">{item.category}</DetailRow>
            <DetailRow label="Required">{item.required ? 'Yes' : 'No'}</DetailRow>
            <DetailRow label="Expected files">{item.metadata?.anticipated_file_count ?? 0}</DetailRow>
          </Flex>
        </Stack>
      )}
    </Panel>
  );
}
