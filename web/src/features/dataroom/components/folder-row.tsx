import { Box, HStack, Text, Center } from '@chakra-ui/react';
import { Archive, FileArchive, Folder as FolderIcon, Trash2 } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../lib/format';
import { parentPath } from '../../../lib/file-urls';
import type { Folder } from '../types';
import { RowShell, Location, SelectBox } from './row-layout';
import { RowMenu, type MenuEntry } from '../../../components/row-menu';

export function FolderRow({
  folder,
  to,
  canEdit,
  showLocation = false,
  onArchive,
  onDelete,
  selected = false,
  onSelect,
  onDownload,
  onMenuPreload,
}: {
  folder: Folder;
  to: string;
  canEdit: boolean;
  showLocation?: boolean;
  onArchive: () => void;
  onDelete: () => void;
  selected?: boolean;
  /** Picks the folder for "Download as ZIP"; only for members who may download. */
  onSelect?: () => void;
  /** "Download folder": the folder and everything below it as one ZIP. */
  onDownload?: () => void;
  /** Starts loading what the row's menu opens (its dialogs), as the menu's button is pointed at or focused. */
  onMenuPreload?: () => void;
}) {
  const entries: MenuEntry[] = [
    ...(onDownload
      ? [{ value: 'download-folder', label: 'Download folder', icon: <FileArchive size={14} />, onSelect: onDownload }]
      : []),
    ...(canEdit
      ? [
          { value: 'archive', label: 'Archive', icon: <Archive size={14} />, onSelect: onArchive },
          { value: 'delete', label: 'Delete', icon: <Trash2 size={14} />, danger: true, onSelect: onDelete },
        ]
      : []),
  ];
  return (
    <RowShell testId="folder-row" label={`Folder ${folder.name}`}>
      <HStack gap="3" minW="0">
        <SelectBox label={`folder ${folder.name}`} checked={selected} onToggle={onSelect} />
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
        <RowMenu label={`Actions for folder ${folder.name}`} entries={entries} onPreload={onMenuPreload} />
      </HStack>
    </RowShell>
  );
}
