import { EmptyState as ChakraEmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Empty-state block (docs/product.md §2 Shared elements): icon, title, description, optional action. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  size = 'md',
}: {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <ChakraEmptyState.Root size={size}>
      <ChakraEmptyState.Content>
        {icon && <ChakraEmptyState.Indicator color="fg.subtle">{icon}</ChakraEmptyState.Indicator>}
        <VStack textAlign="center" gap="1">
          <ChakraEmptyState.Title>{title}</ChakraEmptyState.Title>
          {description && <ChakraEmptyState.Description maxW="md">{description}</ChakraEmptyState.Description>}
        </VStack>
        {action}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}
