import { Button, SimpleGrid } from '@chakra-ui/react';
import { Activity as ActivityIcon, FileUp, Sparkles, Target, Users } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { ProgressBar } from '../../../components/progress-bar';
import { progressPercent } from '../../../lib/progress';
import type { DashboardStats as DashboardData } from '../types';
import { StatCard } from './stat-card';

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
