import { Grid, Skeleton, SimpleGrid, Stack } from '@chakra-ui/react';

export function DashboardSkeleton() {
  return (
    <Stack gap="6">
      <Skeleton h="8" w="40%" />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} h="28" rounded="lg" />
        ))}
      </SimpleGrid>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5">
        <Skeleton h="64" rounded="lg" />
        <Skeleton h="64" rounded="lg" />
      </Grid>
    </Stack>
  );
}
