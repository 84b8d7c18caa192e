import { CloseButton, HStack, Input, InputGroup, Spinner, Text } from '@chakra-ui/react';
import { Search } from 'lucide-react';

/** Search across the deal's data room, with the count of what it found. */
export function DataRoomSearch({
  search,
  setSearch,
  query,
  fetching,
  found,
}: {
  search: string;
  setSearch: (value: string) => void;
  /** The debounced query being searched; empty when not searching. */
  query: string;
  fetching: boolean;
  /** How many folders and files the search found, once it answered. */
  found: number | undefined;
}) {
  return (
    <HStack px="4" py="3" gap="3" borderBottomWidth="1px" borderColor="border" wrap="wrap">
      <InputGroup
        flex="1"
        maxW={{ base: 'full', md: 'md' }}
        startElement={<Search size={16} />}
        endElement={
          search ? <CloseButton size="2xs" aria-label="Clear search" onClick={() => setSearch('')} me="-2" /> : undefined
        }
      >
        <Input
          size="sm"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search files, tags and folders in this deal"
          aria-label="Search files and folders"
        />
      </InputGroup>
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
    </HStack>
  );
}
