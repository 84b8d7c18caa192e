import { Badge, Box, Stack, Text, Wrap } from '@chakra-ui/react';
import { Panel } from '../../../components/panel';
import type { FileMetadata } from '../types';

function ListBlock({ title, values }: { title: string; values: string[] }) {
  return (
    <Box>
      <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="1.5">
        {title}
      </Text>
      <Wrap gap="1.5">
        {values.map((value) => (
          <Badge key={value} size="sm" variant="outline" colorPalette="gray">
            {value}
          </Badge>
        ))}
      </Wrap>
    </Box>
  );
}

/** People, organizations and languages the document's metadata names; nothing when it names none. */
export function PeopleOrganizationsPanel({ metadata }: { metadata: FileMetadata | undefined }) {
  const peopleMentioned = metadata?.people_mentioned ?? [];
  const organisations = metadata?.named_organizations ?? [];
  const languages = metadata?.languages_used ?? [];
  if (peopleMentioned.length + organisations.length === 0) return null;
  return (
    <Panel title="People & Organizations" testId="people-organizations">
      <Stack gap="4">
        {peopleMentioned.length > 0 && <ListBlock title="People mentioned" values={peopleMentioned} />}
        {organisations.length > 0 && <ListBlock title="Organizations" values={organisations} />}
        {languages.length > 0 && <ListBlock title="Languages" values={languages} />}
      </Stack>
    </Panel>
  );
}
