import { Box, Card, Flex, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { ProgressBar } from '../../../components/progress-bar';
import { progressPercent, sectionsProgress } from '../../../lib/progress';
import { allItems, countItems } from '../logic';
import type { ChecklistResponse } from '../types';

function Stat({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <Box px="4" py="3" rounded="md" bg="bg.subtle" borderWidth="1px" borderColor="border.muted">
      <HStack gap="2">
        <Box boxSize="2" rounded="full" bg={tone} flexShrink={0} />
        <Text textStyle="xs" color="fg.muted" fontWeight="medium" truncate>
          {label}
        </Text>
      </HStack>
      <Text textStyle="xl" fontWeight="semibold" mt="1" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Box>
  );
}

/** Overall progress, sections done and the count per status (docs/product.md §2 'Due Diligence Checklist'). */
export function ProgressSummary({ data }: { data: ChecklistResponse }) {
  const counts = useMemo(() => countItems(allItems(data)), [data]);
  const progress = data.progress;
  const sections = sectionsProgress(Object.fromEntries(data.categories.map((c) => [c.id, c])));
  return (
    <Card.Root variant="outline" bg="bg" data-testid="progress-summary">
      <Card.Body p="5">
        <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align={{ lg: 'center' }}>
          <Box flex="1" minW="0">
            <Text textStyle="sm" color="fg.muted" fontWeight="medium">
              Overall progress
            </Text>
            <HStack gap="3" align="baseline" mt="1" mb="3">
              <Text textStyle="3xl" fontWeight="semibold" letterSpacing="-0.02em" lineHeight="1" data-testid="overall-percent">
                {progressPercent(progress)}%
              </Text>
              <Text textStyle="sm" color="fg.muted">
                {progress.completed} of {progress.total} item{progress.total === 1 ? '' : 's'} complete · {sections.completed}/
                {sections.total} section{sections.total === 1 ? '' : 's'} done
              </Text>
            </HStack>
            <ProgressBar progress={progress} size="md" label={`Overall: ${progress.completed} of ${progress.total} completed`} />
          </Box>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" flexShrink={0} minW={{ lg: '520px' }}>
            <Stat label="In Progress" value={counts.in_progress} tone="blue.solid" />
            <Stat label="Provided" value={counts.provided} tone="green.solid" />
            <Stat label="Not Applicable" value={counts.not_applicable} tone="gray.400" />
            <Stat label="Approved" value={counts.approved} tone="teal.solid" />
          </SimpleGrid>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
