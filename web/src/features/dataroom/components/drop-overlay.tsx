import { Badge, Text, VStack } from '@chakra-ui/react';
import { UploadCloud } from 'lucide-react';

/** Shown over the listing while files are dragged onto it. */
export function DropOverlay({ title }: { title: string }) {
  return (
    <VStack
      position="absolute"
      inset="0"
      bg="brand.subtle/90"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor="brand.solid"
      rounded="md"
      justify="center"
      gap="2"
      zIndex="1"
      pointerEvents="none"
    >
      <UploadCloud size={28} color="var(--chakra-colors-brand-fg)" />
      <Text fontWeight="semibold" color="brand.fg">
        Drop to upload to {title}
      </Text>
      <Badge colorPalette="brand" variant="subtle">
        Folders are recreated with their contents
      </Badge>
    </VStack>
  );
}
