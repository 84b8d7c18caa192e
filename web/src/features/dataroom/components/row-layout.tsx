import { Checkbox, Grid, Text } from '@chakra-ui/react';
import { type ReactNode } from 'react';
import { COLUMN_HEADS } from '../../../components/column-heads';

export const ROW_HEIGHT = 60;

// A phone keeps the AI status column (its Review and Retry) and drops size and date (decision 37).
export const COLUMNS = { base: 'minmax(0,1fr) auto 32px', md: 'minmax(0,1fr) 150px 96px 120px 80px' };
export const GAP = { base: '2', md: '4' };

export function ListHeader() {
  return (
    <Grid
      templateColumns={COLUMNS}
      gap={GAP}
      px="4"
      h="10"
      alignItems="center"
      {...COLUMN_HEADS}
      borderBottomWidth="1px"
      borderColor="border"
      role="presentation"
    >
      <Text>Name</Text>
      <Text>AI status</Text>
      <Text display={{ base: 'none', md: 'block' }} textAlign="right">
        Size
      </Text>
      <Text display={{ base: 'none', md: 'block' }}>Added</Text>
      <Text srOnly>Actions</Text>
    </Grid>
  );
}

export function RowShell({ children, testId, label }: { children: ReactNode; testId: string; label: string }) {
  return (
    <Grid
      templateColumns={COLUMNS}
      gap={GAP}
      px="4"
      h="full"
      alignItems="center"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _hover={{ bg: 'bg.muted/60' }}
      transition="background 0.1s"
      data-testid={testId}
      aria-label={label}
    >
      {children}
    </Grid>
  );
}

export function Location({ path }: { path?: string | null }) {
  if (path === undefined || path === null) return null;
  return (
    <Text textStyle="xs" color="fg.muted" truncate title={path}>
      in {path === '/' ? 'Data Room' : path}
    </Text>
  );
}

/** A row's checkbox for "Download as ZIP"; absent for members who may not download. */
export function SelectBox({ label, checked, onToggle }: { label: string; checked: boolean; onToggle?: () => void }) {
  if (!onToggle) return null;
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={onToggle} flexShrink={0}>
      <Checkbox.HiddenInput aria-label={`Select ${label}`} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}
