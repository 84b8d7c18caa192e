import { CloseButton, Input, InputGroup, type InputGroupProps } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import type { Ref } from 'react';

/** A search box: the magnifier, the text and, when clearable, a Clear search button while it holds text. */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder,
  clearable = false,
  clearLabel = 'Clear search',
  iconSize = 16,
  inputRef,
  size,
  bg,
  ...group
}: Omit<InputGroupProps, 'children' | 'onChange' | 'startElement' | 'endElement'> & {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  clearable?: boolean;
  clearLabel?: string;
  iconSize?: number;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'sm';
  bg?: string;
}) {
  return (
    <InputGroup
      {...group}
      startElement={<Search size={iconSize} />}
      endElement={
        clearable && value ? <CloseButton size="2xs" aria-label={clearLabel} onClick={() => onChange('')} me="-2" /> : undefined
      }
    >
      <Input
        ref={inputRef}
        size={size}
        bg={bg}
        placeholder={placeholder}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </InputGroup>
  );
}
