import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Field,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Modal } from '../../../components/modal';
import { CATALOG_PAGE_SIZE } from '../api';
import { useCatalogPage } from '../api/checklist-reads';
import { useAddCatalogItem } from '../api/checklist-changes';
import {
  CATALOG_CATEGORIES,
  NEW_CATEGORY_PREFIX,
  defaultTargetCategory,
  overrideValue,
  validateCatalogSelection,
} from '../logic';
import { pageCount } from '../../../lib/paging';
import type { CatalogItem, ChecklistCategory } from '../types';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLoadErrorToast } from '../../../lib/use-load-error-toast';

/**
 * Adds a request from the platform catalog: search, category filter, pages of 20; an item and a target
 * category are required, title and description overrides optional (blank means the catalog's value).
 */
export function CatalogPickerDialog({
  open,
  onClose,
  dealId,
  categories,
  addedCatalogIds,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  dealId: string;
  categories: ChecklistCategory[];
  /** Catalog items already in this deal's checklist, marked in the list. */
  addedCatalogIds?: ReadonlySet<string>;
  onAdded: () => void;
}) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<CatalogItem | null>(null);
  const [target, setTarget] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const debouncedSearch = useDebouncedValue(search, 300);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    setSearch('');
    setCategory('');
    setPage(1);
    setSelected(null);
    setTarget('');
    setTitle('');
    setDescription('');
    setError(null);
  }, [open]);

  useEffect(() => setPage(1), [debouncedSearch, category]);
  useEffect(() => {
    if (listRef.current) listRef.current.scrollTop = 0;
  }, [page, debouncedSearch, category]);

  const params = useMemo(() => ({ page, search: debouncedSearch.trim(), category }), [page, debouncedSearch, category]);
  const catalog = useCatalogPage(params, open);

  useLoadErrorToast(catalog.isError, 'Failed to load catalog items', catalog.error);

  const add = useAddCatalogItem(dealId, { onCategory: setTarget, onAdded, onDone: onClose });

  const pick = (item: CatalogItem) => {
    setSelected(item);
    setTarget((current) => defaultTargetCategory(categories, item.category, current));
    setError(null);
  };

  const submit = () => {
    const invalid = validateCatalogSelection(selected?.id, target);
    setError(invalid);
    if (!invalid && selected) {
      add.mutate({
        catalogItem: selected,
        target,
        title_override: overrideValue(title),
        description_override: overrideValue(description),
      });
    }
  };

  const total = catalog.data?.total_count ?? 0;
  const pages = pageCount(total, CATALOG_PAGE_SIZE);
  const first = total === 0 ? 0 : (page - 1) * CATALOG_PAGE_SIZE + 1;
  const last = Math.min(total, page * CATALOG_PAGE_SIZE);
  const items = catalog.data?.items ?? [];
  // The picked item's catalog category, offered as a new category when the deal has none of that name.
  const newCategory =
    selected && !categories.some((c) => c.name.trim().toLowerCase() === selected.category.trim().toLowerCase())
      ? selected.category
      : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="3xl"
      preventClose={add.isPending}
      title="Add from Catalog"
      description="Pick a standard due-diligence request and the section it belongs to."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button colorPalette="brand" onClick={submit} loading={add.isPending}>
            Add to Checklist
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Stack gap="3" direction={{ base: 'column', md: 'row' }}>
          <InputGroup
            flex="1"
            minW="60"
            startElement={<Search size={16} />}
            endElement={
              search ? <CloseButton size="2xs" aria-label="Clear search" onClick={() => setSearch('')} me="-2" /> : undefined
            }
          >
            <Input
              placeholder="Search by code, title or description"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              aria-label="Search catalog"
            />
          </InputGroup>
          <NativeSelect.Root w={{ base: 'full', md: '56' }}>
            <NativeSelect.Field
              aria-label="Catalog category"
              value={category}
              onChange={(e) => setCategory(e.currentTarget.value)}
            >
              <option value="">All categories</option>
              {CATALOG_CATEGORIES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>

        <Box borderWidth="1px" borderColor="border" rounded="md" overflow="hidden">
          <Box
            ref={listRef}
            maxH="72"
            overflowY="auto"
            role="listbox"
            aria-label="Catalog items"
            opacity={catalog.isPlaceholderData ? 0.6 : 1}
            transition="opacity 0.15s"
          >
            {catalog.isPending ? (
              <Stack p="3" gap="2">
                {Array.from({ length: 5 }, (_, i) => (
                  <Skeleton key={i} h="12" rounded="sm" />
                ))}
              </Stack>
            ) : catalog.isError && items.length === 0 ? (
              <Stack align="center" py="8" gap="2">
                <Text textStyle="sm" color="fg.muted">
                  The catalog could not be loaded.
                </Text>
                <Button size="xs" variant="outline" onClick={() => catalog.refetch()}>
                  Try Again
                </Button>
              </Stack>
            ) : items.length === 0 ? (
              <Text textStyle="sm" color="fg.muted" textAlign="center" py="8">
                No catalog items match your search.
              </Text>
            ) : (
              items.map((item) => {
                const active = selected?.id === item.id;
                const added = addedCatalogIds?.has(item.id);
                return (
                  <Box
                    key={item.id}
                    as="button"
                    role="option"
                    aria-selected={active}
                    display="block"
                    w="full"
                    textAlign="left"
                    px="3.5"
                    py="2.5"
                    borderTopWidth="1px"
                    borderColor="border.muted"
                    _first={{ borderTopWidth: 0 }}
                    bg={active ? 'brand.subtle' : undefined}
                    boxShadow={active ? 'inset 3px 0 0 var(--chakra-colors-brand-solid)' : undefined}
                    _hover={{ bg: active ? 'brand.subtle' : 'bg.muted' }}
                    onClick={() => pick(item)}
                  >
                    <HStack gap="2.5" align="flex-start">
                      <Text fontFamily="mono" textStyle="xs" fontWeight="semibold" color="fg.muted" minW="10" pt="0.5">
                        {item.code}
                      </Text>
                      <Box flex="1" minW="0">
                        <HStack gap="2" justify="space-between" align="flex-start">
                          <Text textStyle="sm" fontWeight="medium" lineClamp={1}>
                            {item.title}
                          </Text>
                          {added && (
                            <Badge size="sm" variant="subtle" colorPalette="green" flexShrink={0}>
                              In checklist
                            </Badge>
                          )}
                        </HStack>
                        <Text textStyle="xs" color="fg.muted" lineClamp={1}>
                          {[item.category, item.subcategory].filter(Boolean).join(' · ')}
                          {item.description ? ` — ${item.description}` : ''}
                        </Text>
                      </Box>
                    </HStack>
                  </Box>
                );
              })
            )}
          </Box>
          <HStack
            justify="space-between"
            px="3"
            py="2"
            borderTopWidth="1px"
            borderColor="border"
            bg="bg.subtle"
            textStyle="xs"
            color="fg.muted"
          >
            <Text data-testid="catalog-range">{total === 0 ? 'No items' : `Showing ${first}–${last} of ${total}`}</Text>
            <HStack gap="1">
              <Button
                size="xs"
                variant="ghost"
                onClick={() => setPage((p) => Math.max(1, p - 1))}
                disabled={page <= 1 || catalog.isFetching}
                aria-label="Previous page"
              >
                <ChevronLeft /> Prev
              </Button>
              <Text px="1">
                Page {page} of {pages}
              </Text>
              <Button
                size="xs"
                variant="ghost"
                onClick={() => setPage((p) => Math.min(pages, p + 1))}
                disabled={page >= pages || catalog.isFetching}
                aria-label="Next page"
              >
                Next <ChevronRight />
              </Button>
            </HStack>
          </HStack>
        </Box>

        <HStack gap="2" textStyle="sm" minH="5" data-testid="catalog-selection">
          <Text color="fg.muted" flexShrink={0}>
            Selected:
          </Text>
          {selected ? (
            <Text fontWeight="medium" truncate title={selected.title}>
              {selected.code} · {selected.title}
            </Text>
          ) : (
            <Text color="fg.subtle">No item selected</Text>
          )}
        </HStack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="-1">
          <Field.Root required>
            <Field.Label>
              Target category <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                aria-label="Target category"
                value={target}
                onChange={(e) => {
                  setTarget(e.currentTarget.value);
                  setError(null);
                }}
              >
                <option value="">Select a category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.code ? `${c.code} · ${c.name}` : c.name}
                  </option>
                ))}
                {newCategory && <option value={`${NEW_CATEGORY_PREFIX}${newCategory}`}>New category: {newCategory}</option>}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>
              Title{' '}
              <Text as="span" color="fg.subtle" fontWeight="normal">
                (optional)
              </Text>
            </Field.Label>
            <Input
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              placeholder={selected?.title ?? 'Catalog title'}
              aria-label="Title override"
            />
          </Field.Root>
        </SimpleGrid>
        <Field.Root>
          <Field.Label>
            Description{' '}
            <Text as="span" color="fg.subtle" fontWeight="normal">
              (optional)
            </Text>
          </Field.Label>
          <Textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={2}
            placeholder={selected?.description ?? 'Catalog description'}
            aria-label="Description override"
          />
          <Field.HelperText>Leave blank to use the catalog’s title and description.</Field.HelperText>
        </Field.Root>
        {error && (
          <Alert.Root status="error" size="sm" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </Modal>
  );
}
