import { Box, HStack, IconButton, Text, Wrap, Badge } from '@chakra-ui/react';
import { Archive, Download, Eye, Info, Pencil, RotateCcw, Sparkles, Trash2 } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatFileSize } from '../../../lib/format';
import { AiStatusBadge } from '../../../components/ai-status-badge';
import { FileIcon } from '../../../components/file-icon';
import { ViewerLinkButton } from '../../../components/viewer-link-button';
import { fileExtensionOf, fileSizeOf } from '../../../lib/file-display';
import type { FileSummary } from '@contracts/files';
import type { FileRowActions } from '../capabilities';
import { RowShell, Location, SelectBox } from './row-layout';
import { RowMenu, type MenuEntry } from '../../../components/row-menu';

export function FileRow({
  file,
  to,
  viewerTo,
  actions,
  showLocation = false,
  retrying = false,
  onOpen,
  onDetails,
  onDownload,
  onEdit,
  onArchive,
  onDelete,
  onReview,
  onRetry,
  selected = false,
  onSelect,
  onMenuPreload,
}: {
  file: FileSummary;
  to: string;
  /** The file's in-app viewer. */
  viewerTo: string;
  actions: FileRowActions;
  showLocation?: boolean;
  retrying?: boolean;
  onOpen: () => void;
  onDetails: () => void;
  onDownload: () => void;
  onEdit: () => void;
  onArchive: () => void;
  onDelete: () => void;
  onReview: () => void;
  onRetry: () => void;
  selected?: boolean;
  /** Picks the file for "Download as ZIP"; only for members who may download. */
  onSelect?: () => void;
  /** Starts loading what the row's menu opens (its dialogs), as the menu's button is pointed at or focused. */
  onMenuPreload?: () => void;
}) {
  const extension = fileExtensionOf(file);
  const tags = file.tags ?? [];
  const entries: MenuEntry[] = [
    // Open reads the document in the viewer; Details is the file's page (also the name's link).
    { value: 'open', label: 'Open', icon: <Eye size={14} />, onSelect: onOpen },
    { value: 'details', label: 'Details', icon: <Info size={14} />, onSelect: onDetails },
    // The row's Review and Retry, also in its menu: a larger target on a touch screen (decision 37).
    ...(actions.reviewAi
      ? [{ value: 'review-ai', label: 'Review AI suggestion', icon: <Sparkles size={14} />, onSelect: onReview }]
      : []),
    ...(actions.retryAi
      ? [{ value: 'retry-ai', label: 'Retry AI analysis', icon: <RotateCcw size={14} />, onSelect: onRetry }]
      : []),
    ...(actions.download ? [{ value: 'download', label: 'Download', icon: <Download size={14} />, onSelect: onDownload }] : []),
    ...(actions.edit ? [{ value: 'edit', label: 'Edit File', icon: <Pencil size={14} />, onSelect: onEdit }] : []),
    ...(actions.archive ? [{ value: 'archive', label: 'Archive', icon: <Archive size={14} />, onSelect: onArchive }] : []),
    ...(actions.delete
      ? [{ value: 'delete', label: 'Delete', icon: <Trash2 size={14} />, danger: true, onSelect: onDelete }]
      : []),
  ];
  return (
    <RowShell testId="file-row" label={`File ${file.name}`}>
      <HStack gap="3" minW="0">
        <SelectBox label={file.name} checked={selected} onToggle={onSelect} />
        <FileIcon extension={extension} />
        <Box minW="0" flex="1">
          <HStack gap="2" minW="0">
            <RouterLink to={to} title={file.name} style={{ minWidth: 0 }}>
              <Text fontWeight="medium" textStyle="sm" truncate _hover={{ color: 'brand.fg', textDecoration: 'underline' }}>
                {file.name}
              </Text>
            </RouterLink>
            {(file.current_version ?? 1) > 1 && (
              <Badge size="xs" variant="outline" colorPalette="gray" flexShrink={0}>
                v{file.current_version}
              </Badge>
            )}
          </HStack>
          {showLocation ? (
            <Location path={file.path} />
          ) : tags.length > 0 ? (
            <Wrap gap="1" mt="0.5" overflow="hidden" maxH="5">
              {tags.slice(0, 4).map((tag) => (
                <Badge key={tag} size="xs" variant="subtle" colorPalette="gray">
                  {tag}
                </Badge>
              ))}
              {tags.length > 4 && (
                <Text textStyle="2xs" color="fg.muted">
                  +{tags.length - 4}
                </Text>
              )}
            </Wrap>
          ) : (
            <Text textStyle="xs" color="fg.muted" truncate>
              {file.formatted_title && file.formatted_title !== file.name
                ? file.formatted_title
                : extension.toUpperCase() || 'File'}
            </Text>
          )}
        </Box>
      </HStack>
      <Box>
        <AiStatusBadge status={file.ai_status} onReview={onReview} onRetry={onRetry} retrying={retrying} />
      </Box>
      <Text display={{ base: 'none', md: 'block' }} textAlign="right" textStyle="sm" color="fg.muted" whiteSpace="nowrap">
        {formatFileSize(fileSizeOf(file))}
      </Text>
      <Text display={{ base: 'none', md: 'block' }} textStyle="sm" color="fg.muted" whiteSpace="nowrap">
        {formatDate(file.created_at)}
      </Text>
      <HStack justify="flex-end" gap="0.5">
        <ViewerLinkButton
          to={viewerTo}
          label={`Open ${file.name}`}
          color="fg.muted"
          display={{ base: 'none', md: 'inline-flex' }}
        />
        {actions.download && (
          <IconButton
            aria-label={`Download ${file.name}`}
            title="Download"
            variant="ghost"
            size="xs"
            color="fg.muted"
            display={{ base: 'none', md: 'inline-flex' }}
            onClick={onDownload}
          >
            <Download />
          </IconButton>
        )}
        <RowMenu label={`Actions for ${file.name}`} entries={entries} onPreload={onMenuPreload} />
      </HStack>
    </RowShell>
  );
}
