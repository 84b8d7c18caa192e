import { Box, Breadcrumb, Button, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { FolderInput, FolderPlus, Link2, Route as RouteIcon, UploadCloud } from 'lucide-react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { notify } from '../../../lib/toast';
import type { BrowserActions } from '../capabilities';
import { preloadDialog } from './lazy-dialogs';
import { folderUrl, pathLinkPath, shareLinkPath } from '../../../lib/file-urls';
import { DialogButton } from '../../../components/dialog-button';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/**
 * The data room's heading (docs/product.md §2 Data room): breadcrumbs from 'Data Room', the folder's
 * name and counts, Share Link (by id) and, inside a folder, Path Link; Create Folder, Import Folder and
 * Upload Files as the caller's rights allow.
 */
export function DataRoomHeader({
  dealId,
  path,
  folderId,
  title,
  breadcrumbs,
  folders,
  files,
  actions,
  onCreate,
  onImport,
  onUpload,
}: {
  dealId: string;
  path: string;
  folderId: string | undefined;
  title: string;
  breadcrumbs: { name: string; path: string }[];
  folders: number;
  files: number;
  actions: BrowserActions;
  onCreate: () => void;
  onImport: () => void;
  onUpload: () => void;
}) {
  const copy = (kind: 'share' | 'path') => {
    const target = kind === 'share' ? shareLinkPath(dealId, folderId) : pathLinkPath(dealId, path);
    copyText(`${window.location.origin}${target}`)
      .then(() => notify.success(kind === 'share' ? 'Share link copied to clipboard' : 'Path link copied to clipboard'))
      .catch(() => notify.error('Failed to copy link'));
  };
  return (
    <Flex justify="space-between" align={{ base: 'stretch', lg: 'flex-end' }} gap="4" direction={{ base: 'column', lg: 'row' }}>
      <Box minW="0">
        <Breadcrumb.Root size="sm" mb="2">
          <Breadcrumb.List flexWrap="wrap">
            {breadcrumbs.map((crumb, index) => {
              const last = index === breadcrumbs.length - 1;
              return (
                <Fragment key={crumb.path}>
                  <Breadcrumb.Item>
                    <Breadcrumb.Link asChild color={last ? 'fg' : 'fg.muted'} fontWeight={last ? 'medium' : 'normal'}>
                      <RouterLink to={folderUrl(dealId, crumb.path)} aria-current={last ? 'page' : undefined}>
                        {crumb.name}
                      </RouterLink>
                    </Breadcrumb.Link>
                  </Breadcrumb.Item>
                  {!last && <Breadcrumb.Separator />}
                </Fragment>
              );
            })}
          </Breadcrumb.List>
        </Breadcrumb.Root>
        <HStack gap="3" minW="0">
          <Heading as="h1" size="2xl" letterSpacing="-0.02em" truncate title={title}>
            {title}
          </Heading>
        </HStack>
        <Text textStyle="sm" color="fg.muted" mt="1">
          {folders} folder{folders === 1 ? '' : 's'} · {files} file{files === 1 ? '' : 's'}
        </Text>
      </Box>
      <HStack gap="2" wrap="wrap" justify={{ base: 'flex-start', lg: 'flex-end' }}>
        <Button size="sm" variant="outline" onClick={() => copy('share')}>
          <Link2 /> Share Link
        </Button>
        {path !== '/' && (
          <Button size="sm" variant="outline" onClick={() => copy('path')}>
            <RouteIcon /> Path Link
          </Button>
        )}
        {actions.createFolder && (
          <DialogButton variant="outline" onClick={onCreate} preload={preloadDialog.create}>
            <FolderPlus /> Create Folder
          </DialogButton>
        )}
        {actions.importFolder && (
          <DialogButton variant="outline" onClick={onImport} preload={preloadDialog.import}>
            <FolderInput /> Import Folder
          </DialogButton>
        )}
        {actions.upload && (
          <DialogButton colorPalette="brand" onClick={onUpload} preload={preloadDialog.upload}>
            <UploadCloud /> Upload Files
          </DialogButton>
        )}
      </HStack>
    </Flex>
  );
}
