import { Box, Card, Center, HStack, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One of the dashboard's counts: its label and icon, the value, a hint and an optional footer. */
export function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  footer,
  accent = 'brand',
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  footer?: ReactNode;
  accent?: string;
}) {
  return (
    <Card.Root size="sm" variant="outline" bg="bg" data-testid="stat-card">
      <Card.Body gap="3" p="4">
        <HStack justify="space-between" align="flex-start">
          <Text textStyle="sm" color="fg.muted" fontWeight="medium">
            {label}
          </Text>
          <Center boxSize="8" rounded="md" bg={`${accent}.subtle`} color={`${accent}.fg`} flexShrink={0}>
            <Icon size={16} />
          </Center>
        </HStack>
        <Box>
          <Text textStyle="2xl" fontWeight="semibold" letterSpacing="-0.02em" lineHeight="1.1" data-testid="stat-value">
            {value}
          </Text>
          {hint && (
            <Text textStyle="xs" color="fg.muted" mt="1">
              {hint}
            </Text>
          )}
        </Box>
        {footer}
      </Card.Body>
    </Card.Root>
  );
}
