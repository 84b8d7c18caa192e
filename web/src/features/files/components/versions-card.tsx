import { Badge, Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { displayName, formatDateTime, formatFileSize } from '../../../lib/format';
import type { FileVersion } from '../types';
import { Panel } from '../../../components/panel';
import { ViewerLinkButton } from '../../../components/viewer-link-button';

/** "People: A, B · Organizations: X · Languages: English" for a version that names any. */
export function versionNames(version: FileVersion): string | null {
  const parts = (
    [
      ['People', version.people_mentioned],
      ['Organizations', version.named_organizations],
      ['Languages', version.languages_used],
    ] as const
  )
    .filter(([, list]) => list && list.length > 0)
    .map(([label, list]) => `${label}: ${list!.join(', ')}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function VersionsCard({
  versions,
  currentVersion,
  canDownload,
  downloading,
  onDownload,
  viewerTo,
}: {
  versions: FileVersion[];
  currentVersion: number;
  canDownload: boolean;
  downloading: number | null;
  onDownload: (version: number) => void;
  /** The in-app viewer of a version, when the page offers it. */
  viewerTo?: (version: number) => string;
}) {
  const sorted = [...versions].sort((a, b) => b.version_number - a.version_number);
  return (
    <Panel title="Versions" testId="versions">
      {sorted.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          No versions recorded.
        </Text>
      ) : (
        <Stack gap="0" as="ul" listStyleType="none">
          {sorted.map((version, index) => (
            <HStack
              as="li"
              key={version.version_number}
              gap="3"
              py="2.5"
              borderTopWidth={index === 0 ? '0' : '1px'}
              borderColor="border.muted"
              data-testid="version-row"
            >
              <Box flex="1" minW="0">
                <HStack gap="2">
                  <Text textStyle="sm" fontWeight="medium">
                    Version {version.version_number}
                  </Text>
                  {version.version_number === currentVersion && (
                    <Badge size="xs" colorPalette="green" variant="subtle">
                      Current
                    </Badge>
                  )}
                </HStack>
                <Text textStyle="xs" color="fg.muted" truncate>
                  {formatDateTime(version.uploaded_at)} · {formatFileSize(version.file_size)}
                  {version.uploaded_by_email
                    ? ` · ${displayName({
                        first_name: version.uploaded_by_first_name,
                        last_name: version.uploaded_by_last_name,
                        email: version.uploaded_by_email,
                      })}`
                    : ''}
                </Text>
                {versionNames(version) && (
                  <Text
                    textStyle="xs"
                    color="fg.subtle"
                    truncate
                    title={versionNames(version) ?? undefined}
                    data-testid="version-names"
                  >
                    {versionNames(version)}
                  </Text>
                )}
              </Box>
              {viewerTo && (
                <ViewerLinkButton
                  to={viewerTo(version.version_number)}
                  label={`Open version ${version.version_number}`}
                  title={`Open version ${version.version_number}`}
                />
              )}
              {canDownload && (
                <IconButton
                  aria-label={`Download version ${version.version_number}`}
                  title={`Download version ${version.version_number}`}
                  size="xs"
                  variant="ghost"
                  loading={downloading === version.version_number}
                  onClick={() => onDownload(version.version_number)}
                >
                  <Download />
                </IconButton>
              )}
            </HStack>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
