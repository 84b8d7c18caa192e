import { Button, Flex, Input, Tag } from '@chakra-ui/react';
import { SEARCH_FILE_TYPE_NAMES } from '@contracts/values';
import { X } from 'lucide-react';
import { APPROVAL_LABELS } from '../../../components/approval-badge';
import { FormField } from '../../../components/form-field';
import { OptionSelect } from '../../../components/option-select';
import { useItemOptions } from '../api/checklist-items';
import { useSearchFolder } from '../api/search-folder';
import { TYPE_LABELS, type FilterKey, type SearchFilters } from '../logic';

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  return (
    <OptionSelect
      size="sm"
      width={{ base: 'full', md: '44' }}
      label={label}
      value={value ?? ''}
      onChange={onChange}
      options={[['', `${label}: all`], ...options]}
    />
  );
}

/** A date with its label beside it, visible: a bare date field shows only "mm/dd/yyyy" on a phone. */
function DateFilter({ label, value, onChange }: { label: string; value: string | undefined; onChange: (value: string) => void }) {
  return (
    <FormField
      label={label}
      orientation="horizontal"
      gap="2"
      width={{ base: 'full', md: 'auto' }}
      // One line each; on a phone both labels as wide, so the two dates line up.
      css={{ '--field-label-width': { base: '7rem', md: 'auto' }, whiteSpace: 'nowrap' }}
    >
      <Input
        size="sm"
        type="date"
        width={{ base: 'full', md: '40' }}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/** Type, tag, checklist item, approval and upload dates; the folder (from the data room) as a chip. */
export function SearchFilterBar({
  dealId,
  filters,
  onChange,
  onClear,
}: {
  dealId: string;
  filters: SearchFilters;
  onChange: (key: FilterKey, value: string | undefined) => void;
  onClear: () => void;
}) {
  const items = useItemOptions(dealId);
  const folder = useSearchFolder(dealId, filters.folder_id);
  const any = Object.values(filters).some(Boolean);
  return (
    <Flex gap="2" wrap="wrap" align="center" data-testid="search-filters">
      {filters.folder_id && (
        <Tag.Root size="lg" colorPalette="brand" variant="subtle">
          <Tag.Label>In {folder.data?.full_path ?? 'folder'} and below</Tag.Label>
          <Tag.EndElement>
            <Tag.CloseTrigger aria-label="Search the whole deal" onClick={() => onChange('folder_id', undefined)} />
          </Tag.EndElement>
        </Tag.Root>
      )}
      <Select
        label="Type"
        value={filters.type}
        onChange={(v) => onChange('type', v)}
        options={SEARCH_FILE_TYPE_NAMES.map((t) => [t, TYPE_LABELS[t] ?? t])}
      />
      <Select
        label="Checklist item"
        value={filters.item_id}
        onChange={(v) => onChange('item_id', v)}
        options={(items.data ?? []).map((i) => [i.id, `${i.category} · ${i.name}`])}
      />
      <Select
        label="Approval"
        value={filters.approval}
        onChange={(v) => onChange('approval', v)}
        options={Object.entries(APPROVAL_LABELS)}
      />
      <Input
        size="sm"
        width={{ base: 'full', md: '36' }}
        placeholder="Tag"
        aria-label="Tag"
        defaultValue={filters.tag ?? ''}
        onBlur={(e) => onChange('tag', e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onChange('tag', e.currentTarget.value)}
      />
      <DateFilter label="Uploaded from" value={filters.from} onChange={(v) => onChange('from', v)} />
      <DateFilter label="Uploaded to" value={filters.to} onChange={(v) => onChange('to', v)} />
      {any && (
        <Button size="sm" variant="ghost" onClick={onClear}>
          <X /> Clear filters
        </Button>
      )}
    </Flex>
  );
}
