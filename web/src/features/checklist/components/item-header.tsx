import { Box, Button, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import type { approvalOf } from '../logic';
import type { ChecklistItemDetail } from '../types';
import { ItemApprovalBadge } from './item-approval-badge';
import { ItemStatusBadge } from './item-status-badge';
import { RequiredBadge } from './required-badge';

/** Back to Checklist, the item's code and name, and its status, requirement, approval and category. */
export function ItemHeader({
  dealId,
  data,
  approval,
}: {
  dealId: string;
  data: ChecklistItemDetail;
  approval: ReturnType<typeof approvalOf>;
}) {
  return (
    <Box>
      <Button asChild variant="ghost" size="sm" ms="-3" color="fg.muted">
        <RouterLink to={`/deals/${dealId}/checklist`}>
          <ArrowLeft /> Back to Checklist
        </RouterLink>
      </Button>
      <HStack gap="3" mt="2" align="center" minW="0">
        {data.item_id && (
          <Flex
            align="center"
            justify="center"
            px="2"
            h="8"
            rounded="md"
            bg="brand.subtle"
            color="brand.fg"
            fontWeight="semibold"
            textStyle="sm"
            flexShrink={0}
            fontFamily="mono"
          >
            {data.item_id}
          </Flex>
        )}
        <Heading as="h1" size="2xl" letterSpacing="-0.02em" lineClamp={2} title={data.name}>
          {data.name}
        </Heading>
      </HStack>
      <HStack gap="2" mt="3" wrap="wrap" data-testid="item-badges">
        <ItemStatusBadge status={data.status} />
        {data.required && <RequiredBadge />}
        <ItemApprovalBadge approval={approval} />
        <Text textStyle="sm" color="fg.muted" ms="1">
          {data.category}
        </Text>
      </HStack>
    </Box>
  );
}
