import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { SearchHit } from '@contracts/search';
import { Link as RouterLink } from 'react-router';
import { FileIcon } from '../../../components/file-icon';
import { fileExtensionOf } from '../../../lib/file-display';
import { searchHitUrl } from '../../../lib/file-urls';
import { formatDate } from '../../../lib/format';
import { snippetParts } from '../logic';

/** The snippet as text, its matched words in <mark>: document text is never rendered as HTML. */
export function Snippet({ hit }: { hit: SearchHit }) {
  return (
    <Text textStyle="sm" color="fg.muted" lineClamp={3} data-testid="search-snippet">
      {snippetParts(hit.snippet).map((part, i) =>
        part.marked ? (
          <Box as="mark" key={i} bg="yellow.subtle" color="fg" px="0.5" rounded="sm">
            {part.text}
          </Box>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

/** One hit: the file's name (opens it, at its page once a viewer exists), its folder, page and snippet. */
export function SearchHitRow({ dealId, hit }: { dealId: string; hit: SearchHit }) {
  return (
    <HStack align="start" gap="3" px="4" py="3" data-testid="search-hit">
      <FileIcon extension={fileExtensionOf({ name: hit.filename })} />
      <Stack gap="1" minW="0" flex="1">
        <Link asChild fontWeight="medium" color="fg" _hover={{ color: 'brand.fg' }}>
          <RouterLink to={searchHitUrl(dealId, hit.file_id, hit.page)}>{hit.filename}</RouterLink>
        </Link>
        <Text textStyle="xs" color="fg.subtle" truncate>
          {hit.folder_path}
          {hit.page !== null && ` · Page ${hit.page}`}
          {` · Uploaded ${formatDate(hit.uploaded_at)}`}
        </Text>
        <Snippet hit={hit} />
      </Stack>
    </HStack>
  );
}
