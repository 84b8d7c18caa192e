import { Skeleton, Stack } from '@chakra-ui/react';

/** The checklist page while the checklist loads. */
export function ChecklistSkeleton() {
  return (
    <Stack gap="5" data-testid="checklist-loading">
      <Skeleton h="9" w="72" />
      <Skeleton h="28" rounded="lg" />
      <Skeleton h="10" rounded="md" />
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} h="16" rounded="lg" />
      ))}
    </Stack>
  );
}
