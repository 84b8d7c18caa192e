import { Field, NativeSelect } from '@chakra-ui/react';

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
      <NativeSelect.Root size={size}>
        <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
