import { Badge, Box, Button, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import type { AccountSession } from '@contracts/auth';
import { useAccountSessions } from '../api/account-sessions';
import { useEndSession } from '../api/end-session';
import { useSignOutOthers } from '../api/sign-out-others';

/** "Chrome on Windows" from a browser's user agent; good enough to recognise one's own devices. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : /^(curl|node|undici|Deno)/i.test(userAgent)
              ? 'A script'
              : 'A browser';
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'macOS'
            : /CrOS/.test(userAgent)
              ? 'ChromeOS'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : null;
  return system ? `${browser} on ${system}` : browser;
}

const isPhone = (userAgent: string | null) => Boolean(userAgent && /iPhone|Android|iPad/.test(userAgent));

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const [confirming, setConfirming] = useState(false);
  const Icon = isPhone(session.user_agent) ? Smartphone : Monitor;
  return (
    <Flex justify="space-between" align="center" gap="3" py="2" data-testid="session-row">
      <HStack gap="3" align="flex-start">
        <Box color="fg.muted" mt="0.5">
          <Icon size={16} />
        </Box>
        <Box>
          <HStack gap="2">
            <Text textStyle="sm" fontWeight="medium">
              {describeUserAgent(session.user_agent)}
            </Text>
            {session.is_current && (
              <Badge colorPalette="green" size="sm">
                This device
              </Badge>
            )}
          </HStack>
          <Text textStyle="xs" color="fg.muted">
            Signed in on {formatDateTime(session.created_at)}
            {session.ip ? ` from ${session.ip}` : ''} · active {formatRelativeTime(session.last_active_at)}
          </Text>
        </Box>
      </HStack>
      {!session.is_current && (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
          <LogOut size={12} /> Sign Out
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Sign Out Session"
        destructive
        confirmLabel="Sign Out"
        loading={end.isPending}
        message={<Text>{describeUserAgent(session.user_agent)} will need to sign in again.</Text>}
        onConfirm={() => end.mutate(session.id, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Flex>
  );
}

/** Settings → Sessions: where the account is signed in, and signing out the others. */
export function SessionsBody() {
  const sessions = useAccountSessions();
  const others = useSignOutOthers();
  const [confirming, setConfirming] = useState(false);
  if (sessions.isPending)
    return (
      <Stack gap="2">
        <Skeleton h="8" />
        <Skeleton h="8" />
      </Stack>
    );
  if (sessions.isError)
    return (
      <Text textStyle="sm" color="fg.error">
        Failed to load your sessions
      </Text>
    );
  const otherCount = sessions.data.filter((s) => !s.is_current).length;
  return (
    <Stack gap="2">
      <Box>
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </Box>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text textStyle="xs" color="fg.muted">
          A session ends when you sign out, after 7 days unused, or when your password changes.
        </Text>
        <Button size="sm" variant="outline" colorPalette="red" disabled={otherCount === 0} onClick={() => setConfirming(true)}>
          <LogOut size={14} /> Sign Out Other Sessions
        </Button>
      </Flex>
      <ConfirmDialog
        open={confirming}
        title="Sign Out Other Sessions"
        destructive
        confirmLabel="Sign Out Others"
        loading={others.isPending}
        message={<Text>Every other device signed in to your account will need to sign in again. This one stays signed in.</Text>}
        onConfirm={() => others.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
