import { NativeSelect, Stack } from '@chakra-ui/react';
import { CATALOG_CATEGORIES } from '../logic';
import { SearchInput } from '../../../components/search-input';

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
      <SearchInput
        flex="1"
        minW="60"
        clearable
        placeholder="Search by code, title or description"
        label="Search catalog"
        value={search}
        onChange={setSearch}
      />
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
