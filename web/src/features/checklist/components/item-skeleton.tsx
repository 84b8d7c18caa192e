import { Grid, Skeleton, Stack } from '@chakra-ui/react';
import { PageContainer } from '../../../components/layout/page-container';

/** The item page while its item loads. */
export function ItemSkeleton() {
  return (
    <PageContainer>
      <Stack gap="5" data-testid="item-loading">
        <Skeleton h="5" w="40" />
        <Skeleton h="9" w="2/3" />
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' }} gap="5">
          <Stack gap="5">
            <Skeleton h="48" rounded="lg" />
            <Skeleton h="56" rounded="lg" />
          </Stack>
          <Stack gap="5">
            <Skeleton h="32" rounded="lg" />
            <Skeleton h="40" rounded="lg" />
          </Stack>
        </Grid>
      </Stack>
    </PageContainer>
  );
}
