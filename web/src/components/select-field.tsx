import { Field } from '@chakra-ui/react';
import { OptionSelect } from './option-select';

/** A labelled native select: the label names it for screen readers and tests alike. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  size = 'sm',
  w,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [value: string, text: string])[];
  size?: 'sm' | 'md';
  w?: Record<string, string> | string;
}) {
  return (
    <Field.Root w={w}>
      <Field.Label textStyle={size === 'sm' ? 'xs' : undefined}>{label}</Field.Label>
      <OptionSelect size={size} label={label} value={value} onChange={onChange} options={options} />
    </Field.Root>
  );
}
