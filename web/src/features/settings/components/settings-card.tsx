import { Box, Card, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One card of the Settings page: an icon, a title, an optional description and action, then its body. */
export function SettingsCard({
  id,
  icon: Icon,
  title,
  description,
  action,
  children,
}: {
  id?: string;
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root variant="outline" bg="bg" id={id} scrollMarginTop="80px">
      <Card.Header px={{ base: '5', md: '6' }} pt="5" pb="4" borderBottomWidth="1px" borderColor="border.muted">
        <Flex justify="space-between" align="center" gap="4">
          <HStack gap="3" align="flex-start">
            <Box color="fg.muted" mt="0.5">
              <Icon size={18} />
            </Box>
            <Box>
              <Heading as="h2" size="md">
                {title}
              </Heading>
              {description && (
                <Text textStyle="sm" color="fg.muted" mt="0.5">
                  {description}
                </Text>
              )}
            </Box>
          </HStack>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body px={{ base: '5', md: '6' }} py="5">
        {children}
      </Card.Body>
    </Card.Root>
  );
}
