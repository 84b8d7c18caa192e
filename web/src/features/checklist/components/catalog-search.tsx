import { Stack } from '@chakra-ui/react';
import { OptionSelect } from '../../../components/option-select';
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
      <OptionSelect
        w={{ base: 'full', md: '56' }}
        label="Catalog category"
        value={category}
        onChange={setCategory}
        options={[['', 'All categories'], ...CATALOG_CATEGORIES.map((name) => [name, name] as const)]}
      />
    </Stack>
  );
}
