import { Button, HStack, Text } from '@chakra-ui/react';
import { FileArchive, X } from 'lucide-react';

/** The selection's bar above the listing: how many are selected, "Download as ZIP" and clearing it; "Preparing…" meanwhile. */
export function ExportBar({
  count,
  preparing,
  onExport,
  onClear,
}: {
  count: number;
  preparing: boolean;
  onExport: () => void;
  onClear: () => void;
}) {
  if (count === 0 && !preparing) return null;
  return (
    <HStack px="4" py="2" gap="3" bg="brand.subtle" borderBottomWidth="1px" borderColor="border" data-testid="selection-bar">
      <Text textStyle="sm" fontWeight="medium" flex="1">
        {count > 0 ? `${count} selected` : 'Preparing the ZIP…'}
      </Text>
      <Button size="xs" colorPalette="brand" onClick={onExport} loading={preparing} loadingText="Preparing…">
        <FileArchive /> Download as ZIP
      </Button>
      <Button size="xs" variant="ghost" onClick={onClear}>
        <X /> Clear
      </Button>
    </HStack>
  );
}
