import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Panel } from '../../../components/panel';

/** A dashboard panel: its title, a link to the full page, and its rows or what it shows when there are none. */
export function DashboardPanel({
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
