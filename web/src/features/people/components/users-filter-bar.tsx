import { Badge, CloseButton, HStack, Input, InputGroup, Text } from '@chakra-ui/react';
import { OptionSelect } from '../../../components/option-select';
import { Search } from 'lucide-react';
import { MEMBER_STATUS_OPTIONS, type Group, type MemberStatus, type Tag } from '../types';
import { ColorDot } from './color-dot';

/** Search, the status filter, and the group or tag chosen in the sidebar as a chip that clears it. */
export function UsersFilterBar({
  searchText,
  setSearchText,
  status,
  setStatus,
  activeGroup,
  activeTag,
  onClearGroup,
  onClearTag,
}: {
  searchText: string;
  setSearchText: (value: string) => void;
  status: '' | MemberStatus;
  setStatus: (value: '' | MemberStatus) => void;
  activeGroup: Group | undefined;
  activeTag: Tag | undefined;
  onClearGroup: () => void;
  onClearTag: () => void;
}) {
  return (
    <>
      <HStack gap="3" wrap="wrap">
        <InputGroup
          flex="1"
          minW="56"
          startElement={<Search size={16} />}
          endElement={
            searchText ? <CloseButton size="xs" aria-label="Clear search" me="-2" onClick={() => setSearchText('')} /> : undefined
          }
        >
          <Input
            size="sm"
            type="search"
            aria-label="Search users"
            placeholder="Search by name, e-mail or company"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </InputGroup>
        <OptionSelect<'' | MemberStatus>
          size="sm"
          w="44"
          label="Status"
          value={status}
          onChange={setStatus}
          options={[['', 'All statuses'], ...MEMBER_STATUS_OPTIONS]}
        />
      </HStack>
      {(activeGroup || activeTag) && (
        <HStack gap="2" textStyle="sm" color="fg.muted" wrap="wrap">
          <Text>Filtered by</Text>
          {[
            activeGroup && { key: 'group', label: `Group: ${activeGroup.name}`, color: activeGroup.color, clear: onClearGroup },
            activeTag && { key: 'tag', label: `Tag: ${activeTag.name}`, color: activeTag.color, clear: onClearTag },
          ]
            .filter((chip): chip is { key: string; label: string; color: string; clear: () => void } => Boolean(chip))
            .map((chip) => (
              <Badge key={chip.key} variant="outline" size="md" gap="1.5" ps="2" pe="0.5" rounded="full" colorPalette="gray">
                <ColorDot color={chip.color} size="2" />
                {chip.label}
                <CloseButton size="2xs" aria-label={`Clear ${chip.key} filter`} onClick={chip.clear} />
              </Badge>
            ))}
        </HStack>
      )}
    </>
  );
}
