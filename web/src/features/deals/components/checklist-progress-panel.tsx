import { Box, Flex, Text } from '@chakra-ui/react';
import { ListChecks } from 'lucide-react';
import { ProgressBar } from '../../../components/progress-bar';
import { progressPercent, type Progress } from '../../../lib/progress';
import { DashboardPanel } from './dashboard-panel';

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

/** The deal's checklist, section by section, on the dashboard. */
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
