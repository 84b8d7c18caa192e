import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { OptionSelect } from '../../../components/option-select';
import { ChevronsDownUp, ChevronsUpDown } from 'lucide-react';
import { ITEM_STATUSES, STATUS_LABELS, type StatusFilter } from '../logic';
import { SearchInput } from '../../../components/search-input';

/** Search, status filter, the match count while filtering, and Expand all / Collapse all. */
export function ChecklistFilters({
  search,
  setSearch,
  status,
  setStatus,
  filtering,
  matches,
  totalItems,
  hasSections,
  anyOpen,
  setAll,
}: {
  search: string;
  setSearch: (value: string) => void;
  status: StatusFilter;
  setStatus: (value: StatusFilter) => void;
  filtering: boolean;
  matches: number;
  totalItems: number;
  hasSections: boolean;
  anyOpen: boolean;
  setAll: (open: boolean) => void;
}) {
  return (
    <Flex gap="3" wrap="wrap" align="center">
      <SearchInput
        w={{ base: 'full', md: 'md' }}
        clearable
        bg="bg"
        placeholder="Search items by code, name or description"
        label="Search checklist"
        value={search}
        onChange={setSearch}
      />
      <OptionSelect<StatusFilter>
        w="52"
        bg="bg"
        label="Status filter"
        value={status}
        onChange={setStatus}
        options={[['all', 'All statuses'], ...ITEM_STATUSES.map((value) => [value, STATUS_LABELS[value]] as const)]}
      />
      <Box flex={{ base: 'none', md: '1' }} />
      {filtering && (
        <Text textStyle="sm" color="fg.muted" data-testid="match-count">
          {matches} of {totalItems} item{totalItems === 1 ? '' : 's'}
        </Text>
      )}
      {hasSections && (
        <Button size="sm" variant="ghost" onClick={() => setAll(!anyOpen)}>
          {anyOpen ? <ChevronsDownUp /> : <ChevronsUpDown />}
          {anyOpen ? 'Collapse all' : 'Expand all'}
        </Button>
      )}
    </Flex>
  );
}
