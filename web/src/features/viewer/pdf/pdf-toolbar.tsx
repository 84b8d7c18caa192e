import { Box, HStack, IconButton, Input, Text } from '@chakra-ui/react';
import {
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ChevronUp,
  MoveHorizontal,
  PanelLeft,
  Search,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import type { Ref } from 'react';

export interface SearchInfo {
  count: number;
  /** The match shown, 0-based; -1 before any. */
  current: number;
  done: boolean;
}

function PageInput({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const go = (value: string) => {
    const n = Number.parseInt(value, 10);
    if (Number.isFinite(n)) onPage(Math.min(pageCount, Math.max(1, n)));
  };
  return (
    <HStack gap="1.5" textStyle="sm" whiteSpace="nowrap">
      <Text as="span" display={{ base: 'none', sm: 'inline' }}>
        Page
      </Text>
      <Input
        // Shown again from the page in view after each change (uncontrolled: typing does not move the page).
        key={page}
        defaultValue={page}
        aria-label="Page number"
        inputMode="numeric"
        size="xs"
        w="12"
        textAlign="center"
        onKeyDown={(e) => {
          if (e.key === 'Enter') go(e.currentTarget.value);
          if (e.key === 'Escape') e.currentTarget.value = String(page);
        }}
        onBlur={(e) => go(e.currentTarget.value)}
      />
      <Text as="span">of {pageCount}</Text>
    </HStack>
  );
}

/** The PDF toolbar: thumbnails, pages, zoom and fit width, search within the document. */
export function PdfToolbar({
  page,
  pageCount,
  onPage,
  scale,
  fit,
  onZoom,
  onFit,
  thumbnails,
  onThumbnails,
  search,
  onSearch,
  searchInfo,
  onMatch,
  searchRef,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  scale: number;
  fit: boolean;
  onZoom: (direction: 1 | -1) => void;
  onFit: () => void;
  thumbnails: boolean;
  onThumbnails: () => void;
  search: string;
  onSearch: (text: string) => void;
  searchInfo: SearchInfo;
  onMatch: (direction: 1 | -1) => void;
  searchRef: Ref<HTMLInputElement>;
}) {
  const found = searchInfo.count > 0;
  return (
    <HStack
      role="toolbar"
      aria-label="Document tools"
      gap={{ base: '1', md: '3' }}
      px={{ base: '2', md: '3' }}
      py="1.5"
      borderBottomWidth="1px"
      bg="bg"
      wrap="wrap"
      rowGap="1.5"
    >
      <IconButton
        aria-label={thumbnails ? 'Hide thumbnails' : 'Show thumbnails'}
        aria-pressed={thumbnails}
        title="Thumbnails"
        size="xs"
        variant={thumbnails ? 'subtle' : 'ghost'}
        display={{ base: 'none', md: 'inline-flex' }}
        onClick={onThumbnails}
      >
        <PanelLeft />
      </IconButton>
      <HStack gap="1">
        <IconButton
          aria-label="Previous page"
          title="Previous page (←)"
          size="xs"
          variant="ghost"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft />
        </IconButton>
        <PageInput page={page} pageCount={pageCount} onPage={onPage} />
        <IconButton
          aria-label="Next page"
          title="Next page (→)"
          size="xs"
          variant="ghost"
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          <ChevronRight />
        </IconButton>
        <Text srOnly aria-live="polite" data-testid="page-status">
          Page {page} of {pageCount}
        </Text>
      </HStack>
      <HStack gap="1">
        <IconButton aria-label="Zoom out" title="Zoom out (−)" size="xs" variant="ghost" onClick={() => onZoom(-1)}>
          <ZoomOut />
        </IconButton>
        <Text textStyle="xs" w="10" textAlign="center" data-testid="zoom-level">
          {Math.round(scale * 100)}%
        </Text>
        <IconButton aria-label="Zoom in" title="Zoom in (+)" size="xs" variant="ghost" onClick={() => onZoom(1)}>
          <ZoomIn />
        </IconButton>
        <IconButton
          aria-label="Fit width"
          title="Fit width (0)"
          aria-pressed={fit}
          size="xs"
          variant={fit ? 'subtle' : 'ghost'}
          onClick={onFit}
        >
          <MoveHorizontal />
        </IconButton>
      </HStack>
      <HStack gap="1" flex="1" minW={{ base: 'full', sm: '48' }} justify="flex-end">
        <Box position="relative" flex="1" maxW={{ sm: '64' }}>
          <Box position="absolute" left="2" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none">
            <Search size={14} />
          </Box>
          <Input
            ref={searchRef}
            type="search"
            size="xs"
            ps="7"
            placeholder="Search in document"
            aria-label="Search in document"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onMatch(e.shiftKey ? -1 : 1);
              if (e.key === 'Escape') onSearch('');
            }}
          />
        </Box>
        {search.trim() && (
          <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap" data-testid="search-count" aria-live="polite">
            {found ? `${searchInfo.current + 1} of ${searchInfo.count}` : searchInfo.done ? 'No matches' : 'Searching…'}
          </Text>
        )}
        <IconButton aria-label="Previous match" size="xs" variant="ghost" disabled={!found} onClick={() => onMatch(-1)}>
          <ChevronUp />
        </IconButton>
        <IconButton aria-label="Next match" size="xs" variant="ghost" disabled={!found} onClick={() => onMatch(1)}>
          <ChevronDown />
        </IconButton>
      </HStack>
    </HStack>
  );
}
