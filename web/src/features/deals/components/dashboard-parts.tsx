import { Badge, Box, Button, Card, Center, Flex, Grid, HStack, SimpleGrid, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import {
  Activity as ActivityIcon,
  Clock,
  FileText,
  FileUp,
  ListChecks,
  Sparkles,
  Target,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Panel } from '../../../components/panel';
import { ProgressBar } from '../../../components/progress-bar';
import { formatRelativeTime } from '../../../lib/format';
import { progressPercent, type Progress } from '../../../lib/progress';
import { ActivityLine } from './activity-line';

import type { DashboardStats as DashboardData } from '../types';

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  footer,
  accent = 'brand',
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  footer?: ReactNode;
  accent?: string;
}) {
  return (
    <Card.Root size="sm" variant="outline" bg="bg" data-testid="stat-card">
      <Card.Body gap="3" p="4">
        <HStack justify="space-between" align="flex-start">
          <Text textStyle="sm" color="fg.muted" fontWeight="medium">
            {label}
          </Text>
          <Center boxSize="8" rounded="md" bg={`${accent}.subtle`} color={`${accent}.fg`} flexShrink={0}>
            <Icon size={16} />
          </Center>
        </HStack>
        <Box>
          <Text textStyle="2xl" fontWeight="semibold" letterSpacing="-0.02em" lineHeight="1.1" data-testid="stat-value">
            {value}
          </Text>
          {hint && (
            <Text textStyle="xs" color="fg.muted" mt="1">
              {hint}
            </Text>
          )}
        </Box>
        {footer}
      </Card.Body>
    </Card.Root>
  );
}

function SectionRow({ name, progress }: { name: string; progress: Progress }) {
  return (
    <Box>
      <Flex justify="space-between" textStyle="sm" mb="1.5" gap="3">
        <Text truncate fontWeight="medium">
          {name}
        </Text>
        <Text color="fg.muted" flexShrink={0}>
          {progress.completed}/{progress.total} · {progressPercent(progress)}%
        </Text>
      </Flex>
      <ProgressBar progress={progress} size="xs" label={`${name}: ${progress.completed} of ${progress.total}`} />
    </Box>
  );
}

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

/** The five counts at the top of the deal dashboard (docs/product.md §2 Deal dashboard). */
export function DashboardStats({ data, admin, base }: { data: DashboardData; admin: boolean; base: string }) {
  const overall = data.overall_progress ?? { completed: 0, total: 0 };
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
      <StatCard
        icon={Target}
        label="Overall progress"
        value={`${progressPercent(overall)}%`}
        hint={`${overall.completed} of ${overall.total} items complete`}
        footer={<ProgressBar progress={overall} size="xs" />}
      />
      <StatCard
        icon={Users}
        label="Team members"
        accent="purple"
        value={data.team_members}
        footer={
          admin ? (
            <Button asChild size="xs" variant="plain" colorPalette="brand" px="0" h="auto" justifyContent="flex-start">
              <RouterLink to={`${base}/users`}>Manage Users & Permissions</RouterLink>
            </Button>
          ) : undefined
        }
      />
      <StatCard
        icon={FileUp}
        label="Files uploaded"
        accent="teal"
        value={data.files_uploaded}
        hint={`${data.files_approved ?? 0} approved`}
      />
      <StatCard
        icon={Sparkles}
        label="Files pending review"
        accent="orange"
        value={data.files_pending_review}
        hint={`${data.files_processing ?? 0} processing · ${data.files_queued ?? 0} queued`}
      />
      <StatCard
        icon={ActivityIcon}
        label="Recent activity"
        accent="blue"
        value={data.recent_activity_count}
        hint="events in the last 7 days"
      />
    </SimpleGrid>
  );
}

/** A dashboard panel: its title, a link to the full page, and its rows or what it shows when there are none. */
function DashboardPanel({
  title,
  testId,
  link,
  gap,
  rows,
  empty,
}: {
  title: string;
  testId: string;
  link: { to: string; label: string };
  gap: string;
  rows: ReactNode[];
  empty: { icon: ReactNode; title: string; description: string };
}) {
  return (
    <Panel
      title={title}
      testId={testId}
      action={
        <Button asChild size="xs" variant="ghost">
          <RouterLink to={link.to}>{link.label}</RouterLink>
        </Button>
      }
    >
      {rows.length > 0 ? <Stack gap={gap}>{rows}</Stack> : <EmptyState size="sm" {...empty} />}
    </Panel>
  );
}

export function ChecklistProgressPanel({ sections, base }: { sections: [string, Progress][]; base: string }) {
  return (
    <DashboardPanel
      title="Checklist progress"
      testId="checklist-progress"
      link={{ to: `${base}/checklist`, label: 'Open checklist' }}
      gap="4"
      rows={sections.map(([name, progress]) => (
        <SectionRow key={name} name={name} progress={progress} />
      ))}
      empty={{
        icon: <ListChecks />,
        title: 'No checklist sections yet',
        description: 'Checklist items added to this deal will show their progress here, section by section.',
      }}
    />
  );
}

export function RecentActivityPanel({
  activities,
  base,
}: {
  activities: NonNullable<DashboardData['recent_activities']>;
  base: string;
}) {
  return (
    <DashboardPanel
      title="Recent activity"
      testId="recent-activity"
      link={{ to: `${base}/activity`, label: 'View all' }}
      gap="3.5"
      rows={activities.map((activity, index) => (
        <ActivityLine key={activity.id ?? index} activity={activity} />
      ))}
      empty={{
        icon: <Clock />,
        title: 'No activity yet',
        description: 'Uploads, downloads and checklist changes will appear here.',
      }}
    />
  );
}

export function RecentFilesPanel({ files, base }: { files: NonNullable<DashboardData['recent_files']>; base: string }) {
  return (
    <DashboardPanel
      title="Recent files"
      testId="recent-files"
      link={{ to: `${base}/files`, label: 'Data Room' }}
      gap="3"
      rows={files.map((file, index) => (
        <HStack key={file.id ?? `${file.name}-${index}`} align="flex-start" gap="3">
          <Center boxSize="8" rounded="md" bg="bg.muted" color="fg.muted" flexShrink={0}>
            <FileText size={16} />
          </Center>
          <Box minW="0" flex="1">
            <Text textStyle="sm" fontWeight="medium" truncate title={file.name}>
              {file.name}
            </Text>
            <Text textStyle="xs" color="fg.muted" truncate>
              {file.path && file.path !== '/' ? `${file.path} · ` : ''}
              {formatRelativeTime(file.created_at)}
            </Text>
            {file.tags && file.tags.length > 0 && (
              <Wrap gap="1" mt="1.5">
                {file.tags.map((tag) => (
                  <Badge key={tag} size="xs" variant="subtle" colorPalette="gray">
                    {tag}
                  </Badge>
                ))}
              </Wrap>
            )}
          </Box>
        </HStack>
      ))}
      empty={{ icon: <FileText />, title: 'No files yet', description: 'Files uploaded to the data room will be listed here.' }}
    />
  );
}
