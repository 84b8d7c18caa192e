import { Alert, Box, Button, Link, List } from '@chakra-ui/react';
import { CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { forgetSavedUploads, interruptedUploads, type InterruptedUpload } from '../../../lib/upload-transport';
import { formatFileSize } from '../../../lib/format';
import { fileUrl, folderUrl } from '../../../lib/file-urls';

interface Shown {
  upload: InterruptedUpload;
  /** A new file into a folder, or a new version of a file. */
  kind: 'file' | 'version';
  /** The folder's path, or the file's id. */
  where: string;
}

/** The interrupted uploads of this deal (destinations as uploadFile and uploadNewVersion write them). */
function ofDeal(dealId: string): Shown[] {
  return interruptedUploads().flatMap((upload) => {
    try {
      const [kind, deal, where] = JSON.parse(upload.destination) as [string, string, string];
      if (deal !== dealId || (kind !== 'file' && kind !== 'version')) return [];
      return [{ upload, kind, where }];
    } catch {
      return [];
    }
  });
}

/**
 * Uploads into this deal that a reload, a closed tab or a crash interrupted: they resume where they
 * stopped when the same file is chosen again for the same place (docs/decisions.md decision 24), so
 * the person is told which, and where, or may let them go. Read again whenever `refreshKey` changes.
 */
export function InterruptedUploadsNotice({ dealId, refreshKey }: { dealId: string; refreshKey: unknown }) {
  const [shown, setShown] = useState(() => ofDeal(dealId));
  useEffect(() => setShown(ofDeal(dealId)), [dealId, refreshKey]);
  if (shown.length === 0) return null;
  const one = shown.length === 1;
  return (
    <Alert.Root status="warning" data-testid="interrupted-uploads" alignItems="flex-start">
      <Alert.Indicator>
        <CloudOff size={18} />
      </Alert.Indicator>
      <Box flex="1">
        <Alert.Title>{one ? 'An upload did not finish' : `${shown.length} uploads did not finish`}</Alert.Title>
        <Alert.Description>
          <List.Root ps="4" my="1">
            {shown.map(({ upload, kind, where }) => (
              <List.Item key={upload.key}>
                {upload.fileName} ({formatFileSize(upload.size)}){' '}
                {kind === 'file' ? (
                  <>
                    to{' '}
                    <Link asChild variant="underline">
                      <RouterLink to={folderUrl(dealId, where)}>{where === '/' ? 'Data Room' : where}</RouterLink>
                    </Link>
                  </>
                ) : (
                  <>
                    as a new version of{' '}
                    <Link asChild variant="underline">
                      <RouterLink to={fileUrl(dealId, where)}>its file</RouterLink>
                    </Link>
                  </>
                )}
                {upload.stored > 0 && ` · ${formatFileSize(upload.stored)} stored`}
              </List.Item>
            ))}
          </List.Root>
          Choose the same {one ? 'file' : 'files'} again in the same place to resume where {one ? 'it' : 'they'} stopped.
        </Alert.Description>
      </Box>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          forgetSavedUploads(shown.map((s) => s.upload.key));
          setShown(ofDeal(dealId));
        }}
      >
        Dismiss
      </Button>
    </Alert.Root>
  );
}
