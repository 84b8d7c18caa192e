import { Clock } from 'lucide-react';
import type { DashboardStats as DashboardData } from '../types';
import { ActivityLine } from './activity-line';
import { DashboardPanel } from './dashboard-panel';

/** The dashboard's latest events (at most five), with a link to the Activity tab. */
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
