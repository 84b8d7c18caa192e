import { Badge, Box, Checkbox, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { useCatalogPicker } from '../api/catalog-picker';
import type { Preset } from '../api/list-presets';
import { useSavePreset, type PresetPayload } from '../api/save-preset';
import { PresetItemPicker } from './preset-item-picker';
import { TextAreaField, TextField } from '../../../components/text-field';
import { useFieldErrors } from '../../../lib/use-field-errors';

export function validatePresetForm(form: { name: string; description: string }) {
  const errors: { name?: string; description?: string } = {};
  if (!form.name.trim()) errors.name = 'Name is required';
  if (!form.description.trim()) errors.description = 'Description is required';
  return errors;
}

/** Create or edit a checklist preset (docs/product.md §2 Checklist Presets). */
export function PresetFormDialog({ open, preset, onClose }: { open: boolean; preset: Preset | null; onClose: () => void }) {
  const editing = Boolean(preset);
  // The picker's list (read once, shared with PresetItemPicker) gives the saved items their catalog order.
  const picker = useCatalogPicker(open);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { errors, setErrors, edit } = useFieldErrors<{ name?: string; description?: string }>();

  useEffect(() => {
    if (!open) return;
    setName(preset?.name ?? '');
    setDescription(preset?.description ?? '');
    setIsDefault(preset?.is_default ?? false);
    setSelected(new Set(preset?.catalog_item_ids ?? []));
    setErrors({});
  }, [open, preset, setErrors]);

  const save = useSavePreset(preset, onClose);
  /** Catalog order for the listed items, then any selected item the picker does not list (kept as it was). */
  const payload = (): PresetPayload => {
    const order = picker.data?.items ?? [];
    const listed = new Set(order.map((item) => item.id));
    const ids = [
      ...order.filter((item) => selected.has(item.id)).map((item) => item.id),
      ...(preset?.catalog_item_ids ?? []).filter((id) => selected.has(id) && !listed.has(id)),
      ...[...selected].filter((id) => !listed.has(id) && !(preset?.catalog_item_ids ?? []).includes(id)),
    ];
    return {
      name: name.trim(),
      description: description.trim(),
      catalog_item_ids: ids,
      is_default: isDefault,
      active: preset ? preset.active : true,
    };
  };

  const onSubmit = () => {
    const found = validatePresetForm({ name, description });
    setErrors(found);
    if (!found.name && !found.description) save.mutate(payload());
  };

  const lockedDefault = Boolean(preset?.is_default);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="3xl"
      busy={save.isPending}
      title={editing ? 'Edit Preset' : 'Create Preset'}
      description="A preset is the starting checklist of a new deal: a named selection of catalog items."
      formId="preset-form"
      pb="2"
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : 'Create Preset'}
    >
      <TextField
        label="Name"
        required
        error={errors.name}
        name="name"
        value={name}
        maxLength={100}
        placeholder="e.g. Software Acquisition"
        autoFocus
        onChange={edit('name', setName)}
      />
      <TextAreaField
        label="Description"
        required
        error={errors.description}
        name="description"
        value={description}
        rows={2}
        maxLength={1000}
        placeholder="When to use this preset"
        onChange={edit('description', setDescription)}
      />
      <Box borderWidth="1px" borderColor="border" rounded="md" px="3" py="2.5" bg="bg.subtle">
        <Checkbox.Root
          colorPalette="brand"
          size="sm"
          alignItems="flex-start"
          checked={isDefault}
          disabled={lockedDefault}
          onCheckedChange={(details) => setIsDefault(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="0.5" />
          <Stack gap="0.5">
            <Checkbox.Label>
              Set as default preset{' '}
              {lockedDefault && (
                <Badge size="xs" colorPalette="yellow" ms="1">
                  Current default
                </Badge>
              )}
            </Checkbox.Label>
            <Text textStyle="xs" color="fg.muted">
              {lockedDefault
                ? 'The default preset is used when creating new deals. To change it, make another preset the default.'
                : 'The default preset is used when creating new deals.'}
            </Text>
          </Stack>
        </Checkbox.Root>
      </Box>
      {open && <PresetItemPicker selected={selected} onChange={setSelected} />}
    </FormDialog>
  );
}
