import { Box, Grid, HStack, IconButton, Menu, Portal, Text, Wrap, Badge, Center } from '@chakra-ui/react';
import {
  Archive,
  Download,
  ExternalLink,
  Folder as FolderIcon,
  MoreHorizontal,
  Pencil,
  RotateCcw,
  Sparkles,
  Trash2,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatFileSize } from '../../../lib/format';
import { AiStatusBadge, FileIcon, fileExtensionOf, fileSizeOf, type FileSummary } from '../../files';
import type { FileRowActions } from '../capabilities';
import { parentPath } from '../paths';
import type { Folder } from '../types';

export const ROW_HEIGHT = 60;

// A phone keeps the AI status column (its Review and Retry) and drops size and date (decision 37).
const COLUMNS = { base: 'minmax(0,1fr) auto 32px', md: 'minmax(0,1fr) 150px 96px 120px 80px' };
const GAP = { base: '2', md: '4' };

export function ListHeader() {
  return (
    <Grid
      templateColumns={COLUMNS}
      gap={GAP}
      px="4"
      h="10"
      alignItems="center"
      bg="bg.subtle"
      borderBottomWidth="1px"
      borderColor="border"
      textStyle="xs"
      fontWeight="semibold"
      color="fg.muted"
      textTransform="uppercase"
      letterSpacing="wider"
      role="presentation"
    >
      <Text>Name</Text>
      <Text>AI status</Text>
      <Text display={{ base: 'none', md: 'block' }} textAlign="right">
        Size
      </Text>
      <Text display={{ base: 'none', md: 'block' }}>Added</Text>
      <Text srOnly>Actions</Text>
    </Grid>
  );
}

function RowShell({ children, testId, label }: { children: ReactNode; testId: string; label: string }) {
  return (
    <Grid
      templateColumns={COLUMNS}
      gap={GAP}
      px="4"
      h="full"
      alignItems="center"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _hover={{ bg: 'bg.muted/60' }}
      transition="background 0.1s"
      data-testid={testId}
      aria-label={label}
    >
      {children}
    </Grid>
  );
}

interface MenuEntry {
  value: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onSelect: () => void;
}

/**
 * A row's action menu. The menu machine is created on first use only: a long list renders a plain button
 * per row, so the first rows of a large folder paint sooner.
 */
function RowMenu({ label, entries }: { label: string; entries: MenuEntry[] }) {
  const [armed, setArmed] = useState(false);
  if (entries.length === 0) return null;
  const trigger = (
    <IconButton aria-label={label} variant="ghost" size="xs" color="fg.muted" onClick={armed ? undefined : () => setArmed(true)}>
      <MoreHorizontal />
    </IconButton>
  );
  if (!armed) return trigger;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {entries.map((entry) => (
              <Menu.Item
                key={entry.value}
                value={entry.value}
                onClick={entry.onSelect}
                color={entry.danger ? 'fg.error' : undefined}
                _hover={entry.danger ? { bg: 'bg.error', color: 'fg.error' } : undefined}
              >
                {entry.icon}
                {entry.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function Location({ path }: { path?: string | null }) {
  if (path === undefined || path === null) return null;
  return (
    <Text textStyle="xs" color="fg.muted" truncate title={path}>
      in {path === '/' ? 'Data Room' : path}
    </Text>
  );
}

export function FolderRow({
  folder,
  to,
  canEdit,
  showLocation = false,
  onArchive,
  onDelete,
}: {
  folder: Folder;
  to: string;
  canEdit: boolean;
  showLocation?: boolean;
  onArchive: () => void;
  onDelete: () => void;
}) {
  const entries: MenuEntry[] = canEdit
    ? [
        { value: 'archive', label: 'Archive', icon: <Archive size={14} />, onSelect: onArchive },
        { value: 'delete', label: 'Delete', icon: <Trash2 size={14} />, danger: true, onSelect: onDelete },
      ]
    : [];
  return (
    <RowShell testId="folder-row" label={`Folder ${folder.name}`}>
      <HStack gap="3" minW="0">
        <Center boxSize="8" rounded="md" bg="brand.subtle" color="brand.fg" flexShrink={0} aria-hidden="true">
          <FolderIcon size={16} fill="currentColor" fillOpacity={0.15} />
        </Center>
        <Box minW="0">
          <RouterLink to={to} title={folder.name}>
            <Text fontWeight="medium" textStyle="sm" truncate _hover={{ color: 'brand.fg', textDecoration: 'underline' }}>
              {folder.name}
            </Text>
          </RouterLink>
          {showLocation ? (
            <Location path={parentPath(folder.full_path)} />
          ) : (
            <Text textStyle="xs" color="fg.muted">
              Folder
            </Text>
          )}
        </Box>
      </HStack>
      <Box />
      <Text display={{ base: 'none', md: 'block' }} textAlign="right" textStyle="sm" color="fg.subtle">
        —
      </Text>
      <Text display={{ base: 'none', md: 'block' }} textStyle="sm" color="fg.muted">
        {formatDate(folder.created_at)}
      </Text>
      <HStack justify="flex-end" gap="0.5">
        <RowMenu label={`Actions for folder ${folder.name}`} entries={entries} />
      </HStack>
    </RowShell>
  );
}

export function FileRow({
  file,
  to,
  actions,
  showLocation = false,
  retrying = false,
  onOpen,
  onDownload,
  onEdit,
  onArchive,
  onDelete,
  onReview,
  onRetry,
}: {
  file: FileSummary;
  to: string;
  actions: FileRowActions;
  showLocation?: boolean;
  retrying?: boolean;
  onOpen: () => void;
  onDownload: () => void;
  onEdit: () => void;
  onArchive: () => void;
  onDelete: () => void;
  onReview: () => void;
  onRetry: () => void;
}) {
  const extension = fileExtensionOf(file);
  const tags = file.tags ?? [];
  const entries: MenuEntry[] = [
    { value: 'open', label: 'Open', icon: <ExternalLink size={14} />, onSelect: onOpen },
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
        <RowMenu label={`Actions for ${file.name}`} entries={entries} />
      </HStack>
    </RowShell>
  );
}
