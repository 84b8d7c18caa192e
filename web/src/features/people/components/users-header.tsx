import { Box, Button, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { KeyRound, Mail, UserPlus } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { pluralize } from '../../../lib/format';

/** Users & Permissions' heading: the member count, pending invitations (managers), Permission Sets and Add Users. */
export function UsersHeader({
  dealId,
  memberCount,
  canManage,
  pendingCount,
  onShowInvitations,
  onAdd,
}: {
  dealId: string;
  memberCount: number | undefined;
  canManage: boolean;
  /** undefined while the invitations load. */
  pendingCount: number | undefined;
  onShowInvitations: () => void;
  onAdd: () => void;
}) {
  return (
    <Flex justify="space-between" align={{ base: 'flex-start', md: 'flex-end' }} gap="4" wrap="wrap">
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          Users &amp; Permissions
        </Heading>
        <HStack gap="2" mt="1" textStyle="sm" color="fg.muted" wrap="wrap">
          <Text data-testid="member-count">{memberCount === undefined ? '\u00a0' : pluralize(memberCount, 'member')}</Text>
          {canManage && (
            <>
              <Text aria-hidden="true">·</Text>
              <Button
                variant="plain"
                size="sm"
                h="auto"
                p="0"
                colorPalette="brand"
                color="brand.fg"
                fontWeight="medium"
                onClick={onShowInvitations}
              >
                <Mail size={14} />
                {pendingCount === undefined ? 'Pending invitations' : pluralize(pendingCount, 'pending invitation')}
              </Button>
            </>
          )}
        </HStack>
      </Box>
      <HStack gap="2">
        <Button asChild variant="outline" size="sm" bg="bg">
          <RouterLink to={`/deals/${dealId}/permissions`}>
            <KeyRound /> Permission Sets
          </RouterLink>
        </Button>
        {canManage && (
          <Button colorPalette="brand" size="sm" onClick={onAdd}>
            <UserPlus /> Add Users
          </Button>
        )}
      </HStack>
    </Flex>
  );
}
