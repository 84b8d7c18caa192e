import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Lock, Users } from 'lucide-react';
import { Panel } from '../../../components/panel';
import { describePermissions } from '../permissions';
import type { FilePermissions } from '../types';

/** Who may see the file: all members, or a custom list (described), with Edit. */
export function PermissionsPanel({ perm, onEdit }: { perm: FilePermissions; onEdit: () => void }) {
  return (
    <Panel
      title="Permissions"
      testId="permissions"
      action={
        <Button size="xs" variant="ghost" onClick={onEdit}>
          <Lock /> Edit
        </Button>
      }
    >
      <HStack gap="3" align="flex-start">
        <Box color={perm.type === 'custom' ? 'orange.fg' : 'fg.muted'} pt="0.5">
          {perm.type === 'custom' ? <Lock size={16} /> : <Users size={16} />}
        </Box>
        <Box>
          <Text textStyle="sm" fontWeight="medium">
            {perm.type === 'custom' ? 'Custom access' : 'All members'}
          </Text>
          <Text textStyle="xs" color="fg.muted" data-testid="permissions-summary">
            {describePermissions(perm)}
          </Text>
        </Box>
      </HStack>
    </Panel>
  );
}
