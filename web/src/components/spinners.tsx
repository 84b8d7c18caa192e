import { Center, Spinner, Text, VisuallyHidden, VStack } from '@chakra-ui/react';

export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="20" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" textStyle="sm">
          {label}
        </Text>
      </VStack>
    </Center>
  );
}

export function FullPageSpinner() {
  return (
    <Center minH="100vh" role="status" aria-live="polite">
      {/* A spinner is a plain span, which cannot carry a label (decision 38): the word is read instead. */}
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <VisuallyHidden>Loading</VisuallyHidden>
    </Center>
  );
}
