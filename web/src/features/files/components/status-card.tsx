import { Badge, Button, Field, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatTags, parseTags } from '../tags';
import { APPROVAL_STATUSES, type ApprovalStatus } from '../types';
import { ApprovalBadge, approvalLabel } from '../../../components/approval-badge';
import { InfoList } from './info-list';
import { Panel } from '../../../components/panel';
import { FormField } from '../../../components/form-field';
import { EditActions } from '../../../components/edit-actions';

export interface StatusChange {
  approval_status: ApprovalStatus;
  tags: string[];
}

/** Status & Organization (docs/product.md §2 File detail): approval status, tags, checklist links. */
export function StatusCard({
  approvalStatus,
  tags,
  checklistItems,
  canEditTags,
  canEditApproval,
  saving,
  onSave,
}: {
  approvalStatus: ApprovalStatus;
  tags: string[];
  /** The linked checklist items the reader may see, by code and name. */
  checklistItems: { id: string; item_code: string | null; name: string }[];
  canEditTags: boolean;
  canEditApproval: boolean;
  saving: boolean;
  onSave: (change: StatusChange) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<ApprovalStatus>(approvalStatus);
  const [tagText, setTagText] = useState(formatTags(tags));

  useEffect(() => {
    if (!editing) {
      setStatus(approvalStatus);
      setTagText(formatTags(tags));
    }
  }, [approvalStatus, tags, editing]);

  // Keyboard users land in the form on Edit and back on Edit when it closes (decision 38): the button
  // they pressed disappears while editing, and focus would otherwise fall to the page's start.
  const editButton = useRef<HTMLButtonElement>(null);
  const statusField = useRef<HTMLSelectElement>(null);
  const tagsField = useRef<HTMLInputElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (editing === wasEditing.current) return;
    wasEditing.current = editing;
    if (editing) (canEditApproval ? statusField : tagsField).current?.focus();
    else editButton.current?.focus();
  }, [editing, canEditApproval]);

  const preview = parseTags(tagText);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ approval_status: status, tags: preview })
      .then(() => setEditing(false))
      .catch(() => undefined);
  };

  return (
    <Panel
      title="Status & Organization"
      testId="status-organization"
      action={
        (canEditTags || canEditApproval) && !editing ? (
          <Button ref={editButton} size="xs" variant="ghost" onClick={() => setEditing(true)}>
            <Pencil /> Edit
          </Button>
        ) : undefined
      }
    >
      {editing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <FormField label="Approval status" disabled={!canEditApproval}>
              <NativeSelect.Root disabled={!canEditApproval}>
                <NativeSelect.Field
                  ref={statusField}
                  aria-label="Approval status"
                  value={status}
                  onChange={(e) => setStatus(e.currentTarget.value as ApprovalStatus)}
                >
                  {APPROVAL_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {approvalLabel(value)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <Field.Root disabled={!canEditTags}>
              <Field.Label>Tags</Field.Label>
              <Input
                ref={tagsField}
                aria-label="Tags"
                value={tagText}
                onChange={(e) => setTagText(e.target.value)}
                placeholder="e.g. financials, 2024, audited"
              />
              <Field.HelperText>Separate tags with commas.</Field.HelperText>
              {preview.length > 0 && (
                <Wrap gap="1" mt="1" data-testid="tag-preview">
                  {preview.map((tag) => (
                    <Badge key={tag} size="sm" variant="subtle" colorPalette="brand">
                      {tag}
                    </Badge>
                  ))}
                </Wrap>
              )}
            </Field.Root>
            <EditActions saving={saving} size="sm" onCancel={() => setEditing(false)} />
          </Stack>
        </form>
      ) : (
        <InfoList
          items={[
            { label: 'Approval status', value: <ApprovalBadge status={approvalStatus} /> },
            {
              label: 'Tags',
              value:
                tags.length > 0 ? (
                  <Wrap gap="1">
                    {tags.map((tag) => (
                      <Badge key={tag} size="sm" variant="subtle" colorPalette="brand">
                        {tag}
                      </Badge>
                    ))}
                  </Wrap>
                ) : (
                  <Text as="span" color="fg.subtle">
                    No tags
                  </Text>
                ),
            },
            {
              label: 'Checklist links',
              value:
                checklistItems.length > 0 ? (
                  <Stack gap="1">
                    <Text>
                      Linked to {checklistItems.length} checklist item{checklistItems.length === 1 ? '' : 's'}
                    </Text>
                    <Wrap gap="1">
                      {checklistItems.map((item) => (
                        <Badge key={item.id} size="sm" variant="subtle" data-testid="checklist-link">
                          {item.item_code ? `${item.item_code} · ${item.name}` : item.name}
                        </Badge>
                      ))}
                    </Wrap>
                  </Stack>
                ) : (
                  <Text as="span" color="fg.subtle">
                    Not linked to the checklist
                  </Text>
                ),
            },
          ]}
        />
      )}
    </Panel>
  );
}
