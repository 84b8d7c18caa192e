import { CloseButton, Input, InputGroup, NativeSelect, Stack } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { CATALOG_CATEGORIES } from '../logic';

/** The catalog picker's search and catalog-category filter. */
export function CatalogSearch({
  search,
  setSearch,
  category,
  setCategory,
}: {
  search: string;
  setSearch: (search: string) => void;
  category: string;
  setCategory: (category: string) => void;
}) {
  return (
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
        <NativeSelect.Field aria-label="Catalog category" value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
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
  );
}
