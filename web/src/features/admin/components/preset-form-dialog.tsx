import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  HStack,
  Input,
  Skeleton,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { errorDetail } from '../../../lib/api/client';
import { notify } from '../../../lib/toast';
import { CATALOG_CATEGORIES, adminKeys, type CatalogItem, type Preset, type PresetPayload } from '../api';
import { SearchField } from './common';
import { useSavePreset } from '../api/catalog-and-preset-changes';
import { useCatalogPicker } from '../api/catalog-and-preset-reads';

export interface CategoryGroup {
  category: string;
  items: CatalogItem[];
}

/** Catalog items grouped by category, the eight categories first in their order, then any other. */
export function groupByCategory(items: CatalogItem[]): CategoryGroup[] {
  const groups = new Map<string, CatalogItem[]>();
  for (const name of CATALOG_CATEGORIES) groups.set(name, []);
  for (const item of items) {
    const list = groups.get(item.category) ?? [];
    list.push(item);
    groups.set(item.category, list);
  }
  return [...groups.entries()].filter(([, list]) => list.length > 0).map(([category, list]) => ({ category, items: list }));
}

export function validatePresetForm(form: { name: string; description: string }) {
  const errors: { name?: string; description?: string } = {};
  if (!form.name.trim()) errors.name = 'Name is required';
  if (!form.description.trim()) errors.description = 'Description is required';
  return errors;
}

function matches(item: CatalogItem, filter: string): boolean {
  if (!filter) return true;
  const needle = filter.toLowerCase();
  return (
    item.code.toLowerCase().includes(needle) ||
    item.title.toLowerCase().includes(needle) ||
    (item.description ?? '').toLowerCase().includes(needle)
  );
}

function ItemPicker({ selected, onChange }: { selected: Set<string>; onChange: (next: Set<string>) => void }) {
  const [filter, setFilter] = useState('');
  const picker = useCatalogPicker();

  useEffect(() => {
    if (picker.isError) {
      console.error(picker.error);
      notify.error('Failed to load catalog items', errorDetail(picker.error, '') || undefined);
    }
  }, [picker.isError, picker.error]);

  const all = useMemo(() => picker.data?.items ?? [], [picker.data]);
  const groups = useMemo(() => groupByCategory(all.filter((item) => matches(item, filter.trim()))), [all, filter]);
  const listed = useMemo(() => new Set(all.map((item) => item.id)), [all]);
  const unlisted = picker.isSuccess ? [...selected].filter((id) => !listed.has(id)).length : 0;

  const setMany = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange(next);
  };

  return (
    <Stack gap="2">
      <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
        <Text fontWeight="medium" textStyle="sm">
          Catalog items
        </Text>
        <Text textStyle="sm" color="fg.muted" data-testid="selected-count">
          <Text as="span" fontWeight="semibold" color="fg">
            {selected.size}
          </Text>{' '}
          {selected.size === 1 ? 'item' : 'items'} selected
        </Text>
      </Flex>
      <SearchField value={filter} onChange={setFilter} label="Filter catalog items" placeholder="Filter by code or title" />
      <Box
        borderWidth="1px"
        borderColor="border"
        rounded="md"
        maxH={{ base: '60vh', md: '340px' }}
        overflowY="auto"
        data-testid="item-picker"
      >
        {picker.isPending ? (
          <Stack p="3" gap="3">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} h="4" w={index % 3 === 0 ? '40%' : '85%'} />
            ))}
          </Stack>
        ) : picker.isError ? (
          <Box p="3">
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Title>Failed to load catalog items</Alert.Title>
              <Button size="xs" variant="outline" ms="auto" onClick={() => picker.refetch()}>
                Try Again
              </Button>
            </Alert.Root>
          </Box>
        ) : groups.length === 0 ? (
          <Text p="4" textStyle="sm" color="fg.muted" textAlign="center">
            {filter.trim() ? 'No catalog items match this filter.' : 'There are no active catalog items yet.'}
          </Text>
        ) : (
          groups.map((group) => {
            const ids = group.items.map((item) => item.id);
            const chosen = ids.filter((id) => selected.has(id)).length;
            const state = chosen === 0 ? false : chosen === ids.length ? true : 'indeterminate';
            return (
              <Box key={group.category} role="group" aria-label={group.category} data-testid="picker-group">
                <HStack
                  position="sticky"
                  top="0"
                  zIndex="1"
                  bg="bg.muted"
                  px="3"
                  py="2"
                  borderBottomWidth="1px"
                  borderColor="border"
                  justify="space-between"
                >
                  <Checkbox.Root
                    colorPalette="brand"
                    size="sm"
                    checked={state}
                    onCheckedChange={(details) => setMany(ids, details.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontWeight="semibold">
                      <VisuallyHidden>Select all in </VisuallyHidden>
                      {group.category}
                    </Checkbox.Label>
                  </Checkbox.Root>
                  <Text textStyle="xs" color="fg.muted" data-testid="group-count">
                    {chosen} of {ids.length}
                  </Text>
                </HStack>
                <Stack gap="0" py="1">
                  {group.items.map((item) => (
                    <Checkbox.Root
                      colorPalette="brand"
                      key={item.id}
                      size="sm"
                      px="3"
                      py="1.5"
                      alignItems="flex-start"
                      _hover={{ bg: 'bg.subtle' }}
                      checked={selected.has(item.id)}
                      onCheckedChange={(details) => setMany([item.id], details.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control mt="0.5" />
                      <Checkbox.Label fontWeight="normal">
                        <Text as="span" fontFamily="mono" color="fg.muted" me="2">
                          {item.code}
                        </Text>
                        {item.title}
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
              </Box>
            );
          })
        )}
      </Box>
      {unlisted > 0 && (
        <Text textStyle="xs" color="fg.muted">
          {unlisted} selected {unlisted === 1 ? 'item is' : 'items are'} inactive and not listed;{' '}
          {unlisted === 1 ? 'it stays' : 'they stay'} in the preset.
        </Text>
      )}
    </Stack>
  );
}

/** Create or edit a checklist preset (docs/product.md §2 Checklist Presets). */
export function PresetFormDialog({ open, preset, onClose }: { open: boolean; preset: Preset | null; onClose: () => void }) {
  const editing = Boolean(preset);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});

  useEffect(() => {
    if (!open) return;
    setName(preset?.name ?? '');
    setDescription(preset?.description ?? '');
    setIsDefault(preset?.is_default ?? false);
    setSelected(new Set(preset?.catalog_item_ids ?? []));
    setErrors({});
  }, [open, preset]);

  const save = useSavePreset(preset, onClose);
  /** Catalog order for the listed items, then any selected item the picker does not list (kept as it was). */
  const payload = (): PresetPayload => {
    const order = queryClient.getQueryData<{ items: CatalogItem[] }>(adminKeys.catalogPicker())?.items ?? [];
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePresetForm({ name, description });
    setErrors(found);
    if (!found.name && !found.description) save.mutate(payload());
  };

  const lockedDefault = Boolean(preset?.is_default);

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="3xl"
      preventClose={save.isPending}
      title={editing ? 'Edit Preset' : 'Create Preset'}
      description="A preset is the starting checklist of a new deal: a named selection of catalog items."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button colorPalette="brand" type="submit" form="preset-form" loading={save.isPending}>
            {editing ? 'Save Changes' : 'Create Preset'}
          </Button>
        </>
      }
    >
      <form id="preset-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4" pb="2">
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>
              Name <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="name"
              value={name}
              maxLength={100}
              placeholder="e.g. Software Acquisition"
              autoFocus
              onChange={(event) => {
                setName(event.target.value);
                if (errors.name) setErrors((current) => ({ ...current, name: undefined }));
              }}
            />
            {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.description)} required>
            <Field.Label>
              Description <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              name="description"
              value={description}
              rows={2}
              maxLength={1000}
              placeholder="When to use this preset"
              onChange={(event) => {
                setDescription(event.target.value);
                if (errors.description) setErrors((current) => ({ ...current, description: undefined }));
              }}
            />
            {errors.description && <Field.ErrorText>{errors.description}</Field.ErrorText>}
          </Field.Root>
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
          {open && <ItemPicker selected={selected} onChange={setSelected} />}
        </Stack>
      </form>
    </Modal>
  );
}
