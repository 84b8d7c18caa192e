import { Avatar, Box, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { displayName } from '../../../lib/format';

export function PersonCell({
  person,
  trailing,
}: {
  person: { first_name?: string | null; last_name?: string | null; email: string };
  trailing?: ReactNode;
}) {
  const name = displayName(person);
  const hasName = Boolean(person.first_name?.trim() || person.last_name?.trim());
  return (
    <HStack gap="3" minW="0">
      <Avatar.Root size="sm" colorPalette="brand" variant="subtle" flexShrink={0}>
        <Avatar.Fallback name={hasName ? name : person.email} />
      </Avatar.Root>
      <Box minW="0">
        <HStack gap="1.5" minW="0">
          <Text textStyle="sm" fontWeight="medium" truncate title={name}>
            {name}
          </Text>
          {trailing}
        </HStack>
        {hasName && (
          <Text textStyle="xs" color="fg.muted" truncate title={person.email}>
            {person.email}
          </Text>
        )}
      </Box>
    </HStack>
  );
}
