import { Badge, Box, Button, CloseButton, HStack, Input, InputGroup, Spinner, Text, VStack } from '@chakra-ui/react';
import { FolderOpen, Search, SearchX, UploadCloud } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';

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

/**
 * What an empty listing says: nothing matches the search, or nothing is in the folder yet. To a member
 * who sees only its own uploads (upload_only) it says so: the folder may hold files hidden from it.
 */
export function EmptyListing({
  query,
  canUpload,
  seesOnlyOwnFiles = false,
  onUpload,
}: {
  query: string;
  canUpload: boolean;
  seesOnlyOwnFiles?: boolean;
  onUpload: () => void;
}) {
  if (query) {
    return (
      <Box py="12">
        <EmptyState icon={<SearchX />} title="No matches" description={`Nothing in this deal's data room matches “${query}”.`} />
      </Box>
    );
  }
  return (
    <Box py="14">
      <EmptyState
        icon={<FolderOpen />}
        title={seesOnlyOwnFiles ? 'No files of yours here yet' : 'No files or folders yet'}
        description={
          seesOnlyOwnFiles
            ? 'You see only the files you upload. Drag and drop files here, or use Upload Files to deliver documents to this folder.'
            : canUpload
              ? 'Drag and drop files or folders here, or use Upload Files to add the first documents.'
              : 'Nothing has been shared in this folder yet. Files appear here once they are uploaded.'
        }
        action={
          canUpload ? (
            <Button size="sm" colorPalette="brand" onClick={onUpload}>
              <UploadCloud /> Upload Files
            </Button>
          ) : undefined
        }
      />
    </Box>
  );
}

/** Shown over the listing while files are dragged onto it. */
export function DropOverlay({ title }: { title: string }) {
  return (
    <VStack
      position="absolute"
      inset="0"
      bg="brand.subtle/90"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor="brand.solid"
      rounded="md"
      justify="center"
      gap="2"
      zIndex="1"
      pointerEvents="none"
    >
      <UploadCloud size={28} color="var(--chakra-colors-brand-fg)" />
      <Text fontWeight="semibold" color="brand.fg">
        Drop to upload to {title}
      </Text>
      <Badge colorPalette="brand" variant="subtle">
        Folders are recreated with their contents
      </Badge>
    </VStack>
  );
}
