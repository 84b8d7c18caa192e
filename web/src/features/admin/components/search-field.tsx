import { CloseButton, Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';

export function SearchField({
  value,
  onChange,
  placeholder,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
}) {
  return (
    <InputGroup
      flex="1"
      minW={{ base: 'full', md: '64' }}
      startElement={<Search size={16} />}
      endElement={value ? <CloseButton size="xs" aria-label="Clear search" onClick={() => onChange('')} me="-2" /> : undefined}
    >
      <Input
        size="sm"
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        bg="bg"
      />
    </InputGroup>
  );
}
