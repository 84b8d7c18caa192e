import { Box, HStack, Link, Table, Text } from '@chakra-ui/react';
import type { DocumentReads, FolderHeat, MemberEngagement } from '@contracts/analytics';
import { Link as RouterLink } from 'react-router';
import { fileUrl } from '../../../lib/file-urls';
import { formatDateTime, formatRelativeTime, pluralize } from '../../../lib/format';
import { formatDuration } from '../logic';

function Head({ labels }: { labels: [string, boolean?][] }) {
  return (
    <Table.Header>
      <Table.Row bg="bg.subtle">
        {labels.map(([label, end]) => (
          <Table.ColumnHeader key={label} textAlign={end ? 'end' : 'start'}>
            {label}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}

const When = ({ at, now }: { at: string; now?: Date }) => (
  <time dateTime={at} title={formatDateTime(at)}>
    {formatRelativeTime(at, now)}
  </time>
);

/** The most-read documents: views, distinct viewers, time, each linking to its file page. */
export function DocumentsTable({ dealId, documents }: { dealId: string; documents: DocumentReads[] }) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid="documents-table">
        <Head labels={[['Document'], ['Folder'], ['Views', true], ['Viewers', true], ['Time', true]]} />
        <Table.Body>
          {documents.map((d) => (
            <Table.Row key={d.file_id}>
              <Table.Cell maxW="xs">
                <Link asChild color="brand.fg">
                  <RouterLink to={fileUrl(dealId, d.file_id)}>
                    <Text truncate>{d.name}</Text>
                  </RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell color="fg.muted">{d.path}</Table.Cell>
              <Table.Cell textAlign="end">{d.views}</Table.Cell>
              <Table.Cell textAlign="end">{d.viewers}</Table.Cell>
              <Table.Cell textAlign="end">{formatDuration(d.seconds)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Each member's engagement: documents opened, views, total time, when last seen reading. */
export function MembersTable({ members, now }: { members: MemberEngagement[]; now?: Date }) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid="members-table">
        <Head labels={[['Member'], ['Documents opened', true], ['Views', true], ['Total time', true], ['Last seen', true]]} />
        <Table.Body>
          {members.map((m) => (
            <Table.Row key={m.user_id}>
              <Table.Cell>
                <Text fontWeight="medium">{m.name}</Text>
                {m.email && m.email !== m.name && (
                  <Text textStyle="xs" color="fg.muted">
                    {m.email}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">{m.documents}</Table.Cell>
              <Table.Cell textAlign="end">{m.views}</Table.Cell>
              <Table.Cell textAlign="end">{formatDuration(m.seconds)}</Table.Cell>
              <Table.Cell textAlign="end" color="fg.muted">
                <When at={m.last_viewed_at} now={now} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Views and time per top-level folder, each with a bar as long as its share of the busiest folder's views. */
export function FolderHeatList({ folders }: { folders: FolderHeat[] }) {
  const max = Math.max(1, ...folders.map((f) => f.views));
  return (
    <Box as="ul" listStyleType="none" data-testid="folder-heat">
      {folders.map((f) => (
        <Box as="li" key={f.folder} py="2">
          <HStack justify="space-between" textStyle="sm" gap="3">
            <Text fontWeight="medium" truncate>
              {f.folder === '/' ? 'Data Room (root)' : f.folder}
            </Text>
            <Text color="fg.muted" flexShrink={0}>
              {pluralize(f.views, 'view')} · {formatDuration(f.seconds)}
            </Text>
          </HStack>
          <Box h="2" mt="1" bg="bg.muted" rounded="full" overflow="hidden" aria-hidden>
            <Box h="full" w={`${(f.views / max) * 100}%`} bg="orange.solid" rounded="full" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
