import { Box, Center, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function StatusPage({
  code,
  icon,
  tone = 'gray',
  title,
  message,
  note,
  actions,
  embedded = false,
}: {
  code?: string;
  icon: ReactNode;
  tone?: 'gray' | 'red' | 'orange' | 'brand';
  title: string;
  message: ReactNode;
  note?: ReactNode;
  actions: ReactNode;
  /** Inside a layout (e.g. a deal tab) rather than the whole window. */
  embedded?: boolean;
}) {
  return (
    <Center minH={embedded ? undefined : '100vh'} px="4" py={embedded ? '10' : '12'} bg={embedded ? undefined : 'bg.canvas'}>
      <VStack
        gap="5"
        maxW="lg"
        w="full"
        textAlign="center"
        bg="bg"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
        shadow="xs"
        px={{ base: '6', md: '10' }}
        py={{ base: '8', md: '12' }}
      >
        <Center boxSize="14" rounded="full" bg={`${tone}.subtle`} color={`${tone}.fg`}>
          {icon}
        </Center>
        <VStack gap="2">
          {code && (
            <Text textStyle="xs" fontWeight="semibold" letterSpacing="wider" color="fg.subtle">
              ERROR {code}
            </Text>
          )}
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            {title}
          </Heading>
          <Text color="fg.muted">{message}</Text>
          {note && (
            <Box mt="1" px="4" py="3" rounded="md" bg="bg.muted" textStyle="sm" color="fg.muted">
              {note}
            </Box>
          )}
        </VStack>
        <HStack gap="3" pt="1" flexWrap="wrap" justify="center">
          {actions}
        </HStack>
      </VStack>
    </Center>
  );
}
