import { HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Eye } from 'lucide-react';
import { Panel } from '../../../components/panel';
import { ApiError, errorDetail } from '../../../lib/api/client';
import { formatDateTime, formatRelativeTime, pluralize } from '../../../lib/format';
import { useFileViews } from '../api/file-views';
import { formatDuration } from '../logic';

/**
 * The file page's "Views" card: who opened the file in the viewer, how often, for how long in all, and
 * when last. Shown to deal admins and holders of manage_users only (docs/decisions.md decision 46).
 */
export function ViewsCard({ dealId, fileId, now }: { dealId: string; fileId: string; now?: Date }) {
  const views = useFileViews(dealId, fileId, true);
  let body;
  if (views.isPending) {
    body = (
      <Stack gap="3" aria-busy="true">
        <Skeleton h="5" />
        <Skeleton h="5" w="80%" />
      </Stack>
    );
  } else if (views.isError) {
    const denied = views.error instanceof ApiError && views.error.status === 403;
    body = (
      <Text textStyle="sm" color="fg.error" role="alert">
        {denied ? "You don't have permission to see who viewed this file." : errorDetail(views.error, 'Failed to load views')}
      </Text>
    );
  } else if (views.data.viewers.length === 0) {
    body = (
      <Text textStyle="sm" color="fg.muted">
        Nobody has opened this file yet.
      </Text>
    );
  } else {
    body = (
      <Stack as="ul" gap="3" listStyleType="none" data-testid="views-list">
        {views.data.viewers.map((viewer) => (
          <HStack as="li" key={viewer.user_id} justify="space-between" align="flex-start" gap="3" data-testid="viewer-row">
            <Stack gap="0" minW="0">
              <Text textStyle="sm" fontWeight="medium" truncate title={viewer.email ?? undefined}>
                {viewer.name}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {pluralize(viewer.views, 'view')} · {formatDuration(viewer.seconds)}
              </Text>
            </Stack>
            <Text textStyle="xs" color="fg.muted" flexShrink={0}>
              Last viewed{' '}
              <time dateTime={viewer.last_viewed_at} title={formatDateTime(viewer.last_viewed_at)}>
                {formatRelativeTime(viewer.last_viewed_at, now).replace(/^Just now$/, 'just now')}
              </time>
            </Text>
          </HStack>
        ))}
      </Stack>
    );
  }
  return (
    <Panel title="Views" icon={<Eye size={16} />} testId="views-card">
      {body}
    </Panel>
  );
}
