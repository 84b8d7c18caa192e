import { NativeSelect } from '@chakra-ui/react';

/**
 * A native select of [value, text] options named by `label` for screen readers (no visible label of its own);
 * the rest (size, w, disabled, bg…) styles its root.
 */
export function OptionSelect<T extends string>({
  label,
  value,
  onChange,
  options,
  name,
  fieldBg,
  ...root
}: Omit<NativeSelect.RootProps, 'onChange' | 'children'> & {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly (readonly [value: T, text: string])[];
  name?: string;
  /** The select's own background (the root's `bg` only shows around it). */
  fieldBg?: string;
}) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field
        name={name}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as T)}
        bg={fieldBg}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
