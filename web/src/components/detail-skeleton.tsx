import { Grid, Skeleton, Stack } from '@chakra-ui/react';
import { PageContainer } from './layout/page-container';

/** A detail page while it loads (a file, a checklist item): its heading lines, then two columns of two cards. */
export function DetailSkeleton({
  lines,
  columns,
  cards,
  testId,
}: {
  /** Height and width of each heading line. */
  lines: [string, string][];
  /** The grid's columns from lg up. */
  columns: string;
  /** The card heights, left column then right. */
  cards: [[string, string], [string, string]];
  testId?: string;
}) {
  return (
    <PageContainer>
      <Stack gap="5" data-testid={testId}>
        {lines.map(([h, w], i) => (
          <Skeleton key={i} h={h} w={w} />
        ))}
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: columns }} gap="5">
          {cards.map((column, i) => (
            <Stack key={i} gap="5">
              {column.map((h, j) => (
                <Skeleton key={j} h={h} rounded="lg" />
              ))}
            </Stack>
          ))}
        </Grid>
      </Stack>
    </PageContainer>
  );
}
