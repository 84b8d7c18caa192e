import { Flex, Text, type FlexProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The bar above an admin list: its search and filters, then (once loaded) how many the list holds. */
export function AdminToolbar({
  children,
  count,
  countTestId,
  align = 'center',
}: {
  children: ReactNode;
  /** "12 users"; left out while the list has not loaded. */
  count?: string;
  countTestId?: string;
  align?: FlexProps['align'];
}) {
  return (
    <Flex gap="3" p="4" borderBottomWidth="1px" borderColor="border" wrap="wrap" align={align}>
      {children}
      {count !== undefined && (
        <Text textStyle="sm" color="fg.muted" ms={{ md: 'auto' }} data-testid={countTestId}>
          {count}
        </Text>
      )}
    </Flex>
  );
}
