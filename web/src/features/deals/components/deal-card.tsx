import { Badge, Box, Button, Card, Flex, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { FileClock, FolderOpen, LayoutDashboard, ListChecks, Users } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { ProgressBar } from '../../../components/progress-bar';
import { formatDate } from '../../../lib/format';
import { overallProgress, progressPercent, sectionsProgress } from '../../../lib/progress';
import type { DealSummary } from '../types';
import { ActivityLine } from './activity-line';
import { RoleBadges } from './role-badges';

/** A deal of the deal list (docs/product.md §2). */
export function DealCard({ deal }: { deal: DealSummary }) {
  const progress = overallProgress(deal.checklist_progress);
  const sections = sectionsProgress(deal.checklist_progress);
  const activities = (deal.recent_activity ?? []).slice(0, 2);
  const dealPath = `/deals/${deal.id}`;

  return (
    <Card.Root
      size="sm"
      variant="outline"
      bg="bg"
      transition="box-shadow 0.15s, border-color 0.15s"
      _hover={{ shadow: 'md', borderColor: 'border.emphasized' }}
      data-testid="deal-card"
    >
      <Card.Body gap="4" p="5">
        <Stack gap="1.5">
          <Flex justify="space-between" align="flex-start" gap="3">
            <Heading as="h3" size="md" lineClamp={2} letterSpacing="-0.01em">
              <RouterLink to={dealPath}>{deal.name}</RouterLink>
            </Heading>
            <RoleBadges role={deal.user_role} isOwner={deal.is_owner} />
          </Flex>
          <Text textStyle="sm" color={deal.description ? 'fg.muted' : 'fg.subtle'} lineClamp={2} minH="2lh">
            {deal.description || 'No description'}
          </Text>
          {deal.archived_at && (
            <Badge alignSelf="flex-start" size="sm" colorPalette="gray" variant="outline">
              Archived {formatDate(deal.archived_at)}
            </Badge>
          )}
        </Stack>

        <Stack gap="1.5">
          <Flex justify="space-between" textStyle="xs" color="fg.muted">
            <Text fontWeight="medium">Checklist progress</Text>
            <Text data-testid="deal-progress">
              {progress.completed}/{progress.total} items
              {progress.total > 0 && ` · ${progressPercent(progress)}%`}
            </Text>
          </Flex>
          <ProgressBar progress={progress} size="xs" />
        </Stack>

        <HStack columnGap="5" rowGap="1.5" wrap="wrap" textStyle="sm" color="fg.muted">
          <HStack gap="1.5">
            <Users size={15} />
            <Text>
              {deal.user_count} {deal.user_count === 1 ? 'user' : 'users'}
            </Text>
          </HStack>
          <HStack gap="1.5">
            <ListChecks size={15} />
            <Text>
              {sections.completed}/{sections.total} sections
            </Text>
          </HStack>
          <HStack gap="1.5" data-testid="deal-pending-review">
            <FileClock size={15} />
            <Text>{deal.files_pending_review ?? 0} pending review</Text>
          </HStack>
        </HStack>

        <Separator />

        <Stack gap="2.5" minH="16">
          <Text textStyle="xs" fontWeight="semibold" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
            Recent activity
          </Text>
          {activities.length > 0 ? (
            activities.map((activity, index) => <ActivityLine key={activity.id ?? index} activity={activity} compact />)
          ) : (
            <Text textStyle="sm" color="fg.subtle">
              No recent activity
            </Text>
          )}
        </Stack>
      </Card.Body>
      <Card.Footer gap="2" px="5" pb="5" pt="0">
        <Box flex="1">
          <Button asChild size="sm" colorPalette="brand" w="full">
            <RouterLink to={dealPath}>
              <LayoutDashboard size={15} /> Open Dashboard
            </RouterLink>
          </Button>
        </Box>
        <Box flex="1">
          <Button asChild size="sm" variant="outline" w="full">
            <RouterLink to={`${dealPath}/files`}>
              <FolderOpen size={15} /> Data Room
            </RouterLink>
          </Button>
        </Box>
      </Card.Footer>
    </Card.Root>
  );
}
