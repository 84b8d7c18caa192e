import { Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { Panel } from '../../../components/panel';
import { displayName, formatDateTime, formatFileSize } from '../../../lib/format';
import { folderUrl } from '../../../lib/file-urls';
import { fileSizeOf } from '../../../lib/file-display';
import type { FileDetail } from '../types';
import { InfoList } from './info-list';

/** Size, version, when and by whom it was uploaded, and its folder (a link back to it). */
export function BasicInfoPanel({ dealId, data }: { dealId: string; data: FileDetail }) {
  const folderPath = data.path ?? '/';
  return (
    <Panel title="Basic Information">
      <InfoList
        items={[
          { label: 'Size', value: formatFileSize(fileSizeOf(data)) },
          { label: 'Version', value: `Version ${data.current_version ?? 1}` },
          { label: 'Uploaded', value: formatDateTime(data.created_at) },
          { label: 'Uploaded by', value: data.uploader ? displayName(data.uploader) : '—' },
          {
            label: 'Folder',
            value: (
              <RouterLink to={folderUrl(dealId, folderPath)}>
                <Text as="span" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                  {folderPath === '/' ? 'Data Room' : folderPath}
                </Text>
              </RouterLink>
            ),
          },
        ]}
      />
    </Panel>
  );
}
