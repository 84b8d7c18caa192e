import { Box, Checkbox, Flex, HStack, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { CATALOG_CATEGORIES } from '@contracts/catalog';
import { useMemo, useState } from 'react';
import { useCatalogPicker } from '../api/catalog-picker';
import type { CatalogItem } from '../api/list-catalog';
import { SearchField } from './search-field';
import { SmallLoadError } from './load-error';

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

function matches(item: CatalogItem, filter: string): boolean {
  if (!filter) return true;
  const needle = filter.toLowerCase();
  return (
    item.code.toLowerCase().includes(needle) ||
    item.title.toLowerCase().includes(needle) ||
    (item.description ?? '').toLowerCase().includes(needle)
  );
}

/** The preset's catalog items: active items by category, with a filter and per-category select-all. */
export function PresetItemPicker({ selected, onChange }: { selected: Set<string>; onChange: (next: Set<string>) => void }) {
  const [filter, setFilter] = useState('');
  const picker = useCatalogPicker();

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
            <SmallLoadError title="Failed to load catalog items" onRetry={() => picker.refetch()} />
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
