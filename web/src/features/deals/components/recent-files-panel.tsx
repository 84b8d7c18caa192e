import { Badge, Box, Center, HStack, Text, Wrap } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import { formatRelativeTime } from '../../../lib/format';
import type { DashboardStats as DashboardData } from '../types';
import { DashboardPanel } from './dashboard-panel';

/** The dashboard's latest uploads (at most five), with a link to the Data Room. */
export function RecentFilesPanel({ files, base }: { files: NonNullable<DashboardData['recent_files']>; base: string }) {
  return (
    <DashboardPanel
      title="Recent files"
      testId="recent-files"
      link={{ to: `${base}/files`, label: 'Data Room' }}
      gap="3"
      rows={files.map((file, index) => (
        <HStack key={file.id ?? `${file.name}-${index}`} align="flex-start" gap="3">
          <Center boxSize="8" rounded="md" bg="bg.muted" color="fg.muted" flexShrink={0}>
            <FileText size={16} />
          </Center>
          <Box minW="0" flex="1">
            <Text textStyle="sm" fontWeight="medium" truncate title={file.name}>
              {file.name}
            </Text>
            <Text textStyle="xs" color="fg.muted" truncate>
              {file.path && file.path !== '/' ? `${file.path} · ` : ''}
              {formatRelativeTime(file.created_at)}
            </Text>
            {file.tags && file.tags.length > 0 && (
              <Wrap gap="1" mt="1.5">
                {file.tags.map((tag) => (
                  <Badge key={tag} size="xs" variant="subtle" colorPalette="gray">
                    {tag}
                  </Badge>
                ))}
              </Wrap>
            )}
          </Box>
        </HStack>
      ))}
      empty={{ icon: <FileText />, title: 'No files yet', description: 'Files uploaded to the data room will be listed here.' }}
    />
  );
}
