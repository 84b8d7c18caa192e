import { Button, Input, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { GROUP_DEFAULT_COLOR, TAG_DEFAULT_COLOR } from '../colors';
import type { Group, PermissionSet, Tag } from '../types';
import { ColorSwatchPicker } from './color-swatch-picker';
import { FieldGroup } from './field-group';
import { FormField } from '../../../components/form-field';
import { PermissionSetSelect } from './permission-set-select';
import { useSaveGroupOrTag } from '../api/save-group-or-tag';

export type GroupTagTarget = { kind: 'group'; item?: Group } | { kind: 'tag'; item?: Tag };

/** Create or edit a group (name, description, permission set, colour) or a tag (name, colour). */
export function GroupTagDialog({
  dealId,
  target,
  sets,
  onClose,
}: {
  dealId: string;
  target: GroupTagTarget | null;
  sets: PermissionSet[];
  onClose: () => void;
}) {
  const isGroup = target?.kind === 'group';
  const editing = Boolean(target?.item);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [setId, setSetId] = useState('');
  const [color, setColor] = useState(GROUP_DEFAULT_COLOR);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!target) return;
    setName(target.item?.name ?? '');
    setError(null);
    if (target.kind === 'group') {
      setDescription(target.item?.description ?? '');
      setSetId(target.item?.permission_set_id ?? '');
      setColor(target.item?.color ?? GROUP_DEFAULT_COLOR);
    } else {
      setDescription('');
      setSetId('');
      setColor(target.item?.color ?? TAG_DEFAULT_COLOR);
    }
  }, [target]);

  const noun = isGroup ? 'Group' : 'Tag';
  const mutation = useSaveGroupOrTag(dealId, noun, editing, onClose);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(isGroup ? 'Please enter a group name' : 'Please enter a tag name');
      return;
    }
    if (!target) return;
    mutation.mutate(
      target.kind === 'group'
        ? {
            kind: 'group',
            id: target.item?.id,
            body: { name: name.trim(), description: description.trim(), permission_set_id: setId || null, color },
          }
        : { kind: 'tag', id: target.item?.id, body: { name: name.trim(), color } },
    );
  };

  return (
    <Modal
      open={Boolean(target)}
      onClose={onClose}
      size="md"
      preventClose={mutation.isPending}
      title={`${editing ? 'Edit' : 'Create'} ${noun}`}
      description={
        isGroup
          ? 'Members of a group receive the permissions of its permission set, on top of their own.'
          : 'Tags label members, for example by firm or workstream, and can be used in file permissions.'
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="group-tag-form" colorPalette="brand" loading={mutation.isPending}>
            {editing ? 'Save Changes' : `Create ${noun}`}
          </Button>
        </>
      }
    >
      <form id="group-tag-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField label="Name" required error={error}>
            <Input
              name="name"
              value={name}
              autoFocus
              placeholder={isGroup ? 'e.g. Buyer legal counsel' : 'e.g. External'}
              onChange={(event) => {
                setName(event.target.value);
                if (error) setError(null);
              }}
            />
          </FormField>
          {isGroup && (
            <>
              <FormField label="Description" optional>
                <Textarea
                  name="description"
                  rows={2}
                  value={description}
                  placeholder="Who belongs in this group"
                  onChange={(event) => setDescription(event.target.value)}
                />
              </FormField>
              <FormField
                label="Permission set"
                optional
                helper="Everyone in the group gains these capabilities in addition to their own."
              >
                <PermissionSetSelect
                  sets={sets}
                  value={setId}
                  onChange={setSetId}
                  allowNone
                  noneLabel="No group permissions"
                  ariaLabel="Group permission set"
                />
              </FormField>
            </>
          )}
          <FieldGroup label="Colour">
            <ColorSwatchPicker value={color} onChange={setColor} />
          </FieldGroup>
        </Stack>
      </form>
    </Modal>
  );
}
