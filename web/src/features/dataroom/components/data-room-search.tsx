import { HStack, Link, Spinner, Text } from '@chakra-ui/react';
import { FileSearch } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { SearchInput } from '../../../components/search-input';

/** Search across the deal's data room, with the count of what it found. */
export function DataRoomSearch({
  search,
  setSearch,
  query,
  fetching,
  found,
  insideUrl,
}: {
  search: string;
  setSearch: (value: string) => void;
  /** The debounced query being searched; empty when not searching. */
  query: string;
  fetching: boolean;
  /** How many folders and files the search found, once it answered. */
  found: number | undefined;
  /** The search inside documents (issue 35) for the query, in the folder shown. */
  insideUrl: string;
}) {
  return (
    <HStack px="4" py="3" gap="3" borderBottomWidth="1px" borderColor="border" wrap="wrap">
      <SearchInput
        flex="1"
        maxW={{ base: 'full', md: 'md' }}
        clearable
        size="sm"
        placeholder="Search files, tags and folders in this deal"
        label="Search files and folders"
        value={search}
        onChange={setSearch}
      />
      {query && (
        <HStack gap="2" textStyle="sm" color="fg.muted">
          {fetching && <Spinner size="xs" />}
          {found !== undefined && (
            <Text data-testid="search-summary">
              {found} result{found === 1 ? '' : 's'} for “{query}”
            </Text>
          )}
        </HStack>
      )}
      <Link asChild textStyle="sm" color="brand.fg" ms={{ md: 'auto' }}>
        <RouterLink to={insideUrl}>
          <FileSearch size={14} />
          {query ? `Search inside documents for “${query}”` : 'Search inside documents'}
        </RouterLink>
      </Link>
    </HStack>
  );
}
