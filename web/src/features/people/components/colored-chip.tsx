import { HStack, Text } from '@chakra-ui/react';
import type { ColoredRef } from '../types';
import { ColorDot } from './color-dot';

/** A group or tag shown on a member: a soft chip with its colour. */
export function ColoredChip({ item }: { item: Pick<ColoredRef, 'name' | 'color'> }) {
  return (
    <HStack
      as="span"
      gap="1.5"
      px="2"
      h="5"
      rounded="full"
      borderWidth="1px"
      borderColor="border"
      bg="bg"
      textStyle="xs"
      fontWeight="medium"
      maxW="full"
      minW="0"
      title={item.name}
    >
      <ColorDot color={item.color} size="2" />
      <Text as="span" truncate>
        {item.name}
      </Text>
    </HStack>
  );
}
