import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { pageCount } from '../../../lib/paging';
import { CATALOG_PAGE_SIZE } from '../api/catalog-page';
import type { CatalogItem } from '../types';

/** A page of the catalog as a list to pick from, with the range shown and Prev / Next. */
export function CatalogList({
  items,
  total,
  page,
  setPage,
  scrollKey,
  loading,
  failed,
  placeholder,
  fetching,
  onRetry,
  selected,
  addedCatalogIds,
  onPick,
}: {
  items: CatalogItem[];
  total: number;
  page: number;
  setPage: Dispatch<SetStateAction<number>>;
  /** A new page, search or filter: the list scrolls back to its top. */
  scrollKey: string;
  loading: boolean;
  failed: boolean;
  /** The previous page shows while the next is read. */
  placeholder: boolean;
  fetching: boolean;
  onRetry: () => void;
  selected: CatalogItem | null;
  /** Catalog items already in this deal's checklist, marked in the list. */
  addedCatalogIds?: ReadonlySet<string>;
  onPick: (item: CatalogItem) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (listRef.current) listRef.current.scrollTop = 0;
  }, [scrollKey]);

  const pages = pageCount(total, CATALOG_PAGE_SIZE);
  const first = total === 0 ? 0 : (page - 1) * CATALOG_PAGE_SIZE + 1;
  const last = Math.min(total, page * CATALOG_PAGE_SIZE);

  return (
    <Box borderWidth="1px" borderColor="border" rounded="md" overflow="hidden">
      <Box
        ref={listRef}
        maxH="72"
        overflowY="auto"
        role="listbox"
        aria-label="Catalog items"
        opacity={placeholder ? 0.6 : 1}
        transition="opacity 0.15s"
      >
        {loading ? (
          <Stack p="3" gap="2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} h="12" rounded="sm" />
            ))}
          </Stack>
        ) : failed && items.length === 0 ? (
          <Stack align="center" py="8" gap="2">
            <Text textStyle="sm" color="fg.muted">
              The catalog could not be loaded.
            </Text>
            <Button size="xs" variant="outline" onClick={() => onRetry()}>
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
                onClick={() => onPick(item)}
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
            disabled={page <= 1 || fetching}
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
            disabled={page >= pages || fetching}
            aria-label="Next page"
          >
            Next <ChevronRight />
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
