import { Badge, Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ActivityEntry } from '@contracts/activity';
import {
  CheckSquare,
  Download,
  Eye,
  FileArchive,
  FileUp,
  FolderPlus,
  LogIn,
  MailPlus,
  MessageCircleQuestionMark,
  MessageCircleReply,
  ShieldCheck,
  Trash2,
  Zap,
} from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { formatRelativeTime } from '../../../lib/format';
import { fileUrl, folderUrl, questionUrl } from '../../../lib/file-urls';
import { activityTitle, entryAuthor } from '../logic';

const ICONS: Record<string, typeof Zap> = {
  upload: FileUp,
  download: Download,
  delete: Trash2,
  checklist_update: CheckSquare,
  user_invite: MailPlus,
  deal_create: FolderPlus,
  login: LogIn,
  approval: CheckSquare,
  role_change: ShieldCheck,
  export: FileArchive,
  view: Eye,
  question: MessageCircleQuestionMark,
  answer: MessageCircleReply,
};

const COLORS: Record<string, string> = {
  upload: 'blue',
  download: 'teal',
  delete: 'red',
  checklist_update: 'green',
  user_invite: 'purple',
  deal_create: 'orange',
  login: 'gray',
  approval: 'green',
  role_change: 'purple',
  export: 'teal',
  view: 'cyan',
  question: 'orange',
  answer: 'green',
};

/** What the entry is about, as links: the file, the folder (path), the checklist item and the question. */
function MetadataLinks({ dealId, entry }: { dealId: string; entry: ActivityEntry }) {
  const { file_id: fileId, path, item_id: itemId, question_id: questionId } = entry.metadata ?? {};
  const links = [
    typeof fileId === 'string' && { key: 'file', label: 'Open file', to: fileUrl(dealId, fileId) },
    typeof path === 'string' && path && { key: 'path', label: path === '/' ? 'Data Room' : path, to: folderUrl(dealId, path) },
    typeof itemId === 'string' && { key: 'item', label: 'Open checklist item', to: `/deals/${dealId}/checklist/items/${itemId}` },
    typeof questionId === 'string' && { key: 'question', label: 'Open question', to: questionUrl(dealId, questionId) },
  ].filter(Boolean) as { key: string; label: string; to: string }[];
  if (!links.length) return null;
  return (
    <HStack gap="3" wrap="wrap" textStyle="xs">
      {links.map((link) => (
        <Link key={link.key} asChild color="brand.fg" data-testid={`activity-link-${link.key}`}>
          <RouterLink to={link.to}>{link.label}</RouterLink>
        </Link>
      ))}
    </HStack>
  );
}

export function ActivityEntryRow({ dealId, entry, now }: { dealId: string; entry: ActivityEntry; now?: Date }) {
  const Icon = ICONS[entry.activity_type] ?? Zap;
  const palette = COLORS[entry.activity_type] ?? 'gray';
  return (
    <HStack align="flex-start" gap="3" py="3" px="4" data-testid="activity-entry" data-type={entry.activity_type}>
      <Box p="2" rounded="md" bg={`${palette}.subtle`} color={`${palette}.fg`} flexShrink={0}>
        <Icon size={16} aria-hidden />
      </Box>
      <Stack gap="1" minW="0" flex="1">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" textStyle="sm">
            {activityTitle(entry.activity_type)}
          </Text>
          <Badge size="sm" variant="subtle" colorPalette={palette}>
            {entry.activity_type}
          </Badge>
        </HStack>
        <Text textStyle="sm" wordBreak="break-word">
          {entry.description}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {entryAuthor(entry)} ·{' '}
          <time dateTime={entry.created_at} title={new Date(entry.created_at).toLocaleString()}>
            {formatRelativeTime(entry.created_at, now)}
          </time>
        </Text>
        <MetadataLinks dealId={dealId} entry={entry} />
      </Stack>
    </HStack>
  );
}
