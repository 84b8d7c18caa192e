import { Card, Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Panel({
  title,
  action,
  children,
  testId,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card.Root variant="outline" bg="bg" data-testid={testId}>
      <Card.Header px="5" pt="4" pb="3" borderBottomWidth="1px" borderColor="border.muted">
        <Flex justify="space-between" align="center" gap="3" minH="7">
          <Heading as="h2" size="sm">
            {title}
          </Heading>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body px="5" py="4">
        {children}
      </Card.Body>
    </Card.Root>
  );
}
