import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { ArrowLeft, Download, EyeOff } from 'lucide-react';

/** The reading screen's header: Back, the file's name and version, and Download for those allowed. */
export function ViewerHeader({
  filename,
  version,
  viewOnly,
  canDownload,
  downloading,
  onBack,
  onDownload,
}: {
  filename: string;
  version: number | null;
  viewOnly: boolean;
  canDownload: boolean;
  downloading: boolean;
  onBack: () => void;
  onDownload: () => void;
}) {
  return (
    <HStack gap="2" px={{ base: '2', md: '4' }} py="2" borderBottomWidth="1px" bg="bg" minW="0">
      <Button size="sm" variant="ghost" onClick={onBack} flexShrink={0}>
        <ArrowLeft /> Back
      </Button>
      <HStack gap="2" minW="0" flex="1">
        <Text as="h1" fontWeight="semibold" truncate title={filename} data-testid="viewer-filename">
          {filename}
        </Text>
        {version !== null && (
          <Badge size="sm" variant="outline" colorPalette="gray" flexShrink={0}>
            v{version}
          </Badge>
        )}
        {viewOnly && (
          <Badge size="sm" variant="subtle" colorPalette="orange" flexShrink={0} title="Watermarked, no download">
            <EyeOff size={12} /> View only
          </Badge>
        )}
      </HStack>
      {canDownload && (
        <Button size="sm" variant="outline" aria-label="Download" loading={downloading} onClick={onDownload} flexShrink={0}>
          <Download />{' '}
          <Text as="span" display={{ base: 'none', sm: 'inline' }}>
            Download
          </Text>
        </Button>
      )}
    </HStack>
  );
}
