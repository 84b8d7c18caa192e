import { Box, Card, Flex, Heading, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled card of a detail page (the file page, a checklist item), with an optional icon and action. */
export function Panel({
  title,
  icon,
  action,
  children,
  testId,
}: {
  title: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card.Root variant="outline" bg="bg" data-testid={testId}>
      <Card.Header px="5" pt="4" pb="3" borderBottomWidth="1px" borderColor="border.muted">
        <Flex justify="space-between" align="center" gap="3" minH="7">
          <HStack gap="2">
            {icon && <Box color="fg.muted">{icon}</Box>}
            <Heading as="h2" size="sm">
              {title}
            </Heading>
          </HStack>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body px="5" py="4">
        {children}
      </Card.Body>
    </Card.Root>
  );
}
