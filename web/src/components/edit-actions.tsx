import { Button, HStack } from '@chakra-ui/react';

/** The Cancel and Save Changes buttons of a card edited in place; Cancel waits while it saves. */
export function EditActions({ saving, onCancel, size }: { saving: boolean; onCancel: () => void; size?: 'sm' }) {
  return (
    <HStack justify="flex-end" gap="2">
      <Button variant="outline" size={size} disabled={saving} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" size={size} colorPalette="brand" loading={saving}>
        Save Changes
      </Button>
    </HStack>
  );
}
