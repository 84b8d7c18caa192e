import { Badge, Box, Button, Card, Heading, HStack, Progress, Text } from '@chakra-ui/react';
import { Download, Eye, Upload } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { useRef } from 'react';
import { fileExtensionOf, fileTypeLabel } from '../../../lib/file-display';
import type { FileDetail } from '../types';
import { FileIcon } from '../../../components/file-icon';
import { ApprovalBadge } from '../../../components/approval-badge';

/**
 * The file page's head: icon, title and name, type, approval and AI badges, a new version's progress, Update File,
 * Open (the in-app viewer: everyone who sees the file may read it) and Download.
 */
export function FileSummaryCard({
  data,
  versionProgress,
  uploading,
  onNewVersion,
  downloading,
  onDownload,
  viewerTo,
}: {
  data: FileDetail;
  /** Percent of a new version on its way, or null. */
  versionProgress: number | null;
  uploading: boolean;
  onNewVersion: (picked: File) => void;
  downloading: boolean;
  onDownload: () => void;
  /** The file's in-app viewer. */
  viewerTo: string;
}) {
  const versionInput = useRef<HTMLInputElement>(null);
  const extension = fileExtensionOf(data);
  const title = data.formatted_title || data.name;
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body p="5" gap="4">
        <HStack align="flex-start" gap="4">
          <FileIcon extension={extension} size="lg" />
          <Box minW="0" flex="1">
            <Heading as="h1" size="lg" lineHeight="1.3" wordBreak="break-word" data-testid="file-title">
              {title}
            </Heading>
            {title !== data.name && (
              <Text textStyle="sm" color="fg.muted" wordBreak="break-all" mt="0.5">
                {data.name}
              </Text>
            )}
            <HStack gap="2" mt="2" wrap="wrap">
              <Text textStyle="xs" color="fg.muted">
                {fileTypeLabel(extension)}
              </Text>
              <ApprovalBadge status={data.approval_status} />
              {data.ai_status === 'processing' && (
                <Badge size="sm" colorPalette="blue" variant="subtle" data-testid="processing-badge">
                  Processing
                </Badge>
              )}
              {data.ai_status === 'queued' && (
                <Badge size="sm" colorPalette="gray" variant="subtle" data-testid="queued-badge">
                  Queued for AI
                </Badge>
              )}
            </HStack>
          </Box>
        </HStack>

        {versionProgress !== null && (
          <Box data-testid="version-progress">
            <HStack justify="space-between" textStyle="xs" color="fg.muted" mb="1">
              <Text>{versionProgress >= 100 ? 'New version uploaded' : 'Uploading new version...'}</Text>
              <Text>{versionProgress}%</Text>
            </HStack>
            <Progress.Root value={versionProgress} size="xs" colorPalette={versionProgress >= 100 ? 'green' : 'brand'}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Box>
        )}

        <HStack gap="2">
          {data.can_upload_version && (
            <>
              <input
                ref={versionInput}
                type="file"
                hidden
                aria-label="Choose the new version"
                data-testid="version-input"
                onChange={(event) => {
                  const picked = event.currentTarget.files?.[0];
                  event.currentTarget.value = '';
                  if (picked) onNewVersion(picked);
                }}
              />
              <Button
                flex="1"
                size="sm"
                variant="outline"
                loading={uploading && versionProgress !== null && versionProgress < 100}
                loadingText="Uploading..."
                onClick={() => versionInput.current?.click()}
              >
                <Upload /> Update File
              </Button>
            </>
          )}
          <Button asChild flex="1" size="sm" variant="outline">
            <RouterLink to={viewerTo}>
              <Eye /> Open
            </RouterLink>
          </Button>
          {data.can_download && (
            <Button flex="1" size="sm" colorPalette="brand" loading={downloading} onClick={onDownload}>
              <Download /> Download
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
