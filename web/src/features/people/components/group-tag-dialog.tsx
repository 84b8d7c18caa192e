import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { useFieldError } from '../../../lib/use-field-errors';
import { GROUP_DEFAULT_COLOR, TAG_DEFAULT_COLOR } from '../colors';
import type { Group, PermissionSet, Tag } from '../types';
import { ColorSwatchPicker } from './color-swatch-picker';
import { FieldGroup } from './field-group';
import { FormField } from '../../../components/form-field';
import { TextAreaField, TextField } from '../../../components/text-field';
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
  const { error, setError, edit } = useFieldError();

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
  }, [target, setError]);

  const noun = isGroup ? 'Group' : 'Tag';
  const mutation = useSaveGroupOrTag(dealId, noun, editing, onClose);

  const onSubmit = () => {
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
    <FormDialog
      open={Boolean(target)}
      onClose={onClose}
      size="md"
      busy={mutation.isPending}
      title={`${editing ? 'Edit' : 'Create'} ${noun}`}
      description={
        isGroup
          ? 'Members of a group receive the permissions of its permission set, on top of their own.'
          : 'Tags label members, for example by firm or workstream, and can be used in file permissions.'
      }
      formId="group-tag-form"
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : `Create ${noun}`}
    >
      <TextField
        label="Name"
        required
        error={error}
        name="name"
        value={name}
        autoFocus
        placeholder={isGroup ? 'e.g. Buyer legal counsel' : 'e.g. External'}
        onChange={edit(setName)}
      />
      {isGroup && (
        <>
          <TextAreaField
            label="Description"
            optional
            name="description"
            rows={2}
            value={description}
            placeholder="Who belongs in this group"
            onChange={setDescription}
          />
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
    </FormDialog>
  );
}
