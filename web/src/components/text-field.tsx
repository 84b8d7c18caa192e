import {
  Input,
  NativeSelect,
  Textarea,
  type FieldRootProps,
  type InputProps,
  type NativeSelectFieldProps,
  type TextareaProps,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormField } from './form-field';

/** What a labelled field shows around its control (see FormField). */
interface FieldFrame {
  label: ReactNode;
  required?: boolean;
  optional?: boolean;
  error?: string | null;
  helper?: ReactNode;
  /** Where the field sits in a grid. */
  gridColumn?: FieldRootProps['gridColumn'];
}

/** A field's props: its frame, the control's own props, and a change handler given the new value. */
type FieldProps<Control> = FieldFrame & Omit<Control, 'onChange' | 'required'> & { onChange: (value: string) => void };

/** Splits a field's props into the frame's and the control's. */
function split<Control>({ label, required, optional, error, helper, gridColumn, ...control }: FieldProps<Control>) {
  return [{ label, required, optional, error, helper, gridColumn }, control] as const;
}

/** A labelled one-line text input that hands back the typed text. */
export function TextField(props: FieldProps<InputProps>) {
  const [frame, { onChange, ...input }] = split(props);
  return (
    <FormField {...frame}>
      <Input {...input} onChange={(event) => onChange(event.target.value)} />
    </FormField>
  );
}

/** A labelled multi-line text input that hands back the typed text. */
export function TextAreaField(props: FieldProps<TextareaProps>) {
  const [frame, { onChange, ...textarea }] = split(props);
  return (
    <FormField {...frame}>
      <Textarea {...textarea} onChange={(event) => onChange(event.target.value)} />
    </FormField>
  );
}

/** A labelled native select of the given options (its children) that hands back the chosen value. */
export function ChoiceField(props: FieldProps<NativeSelectFieldProps>) {
  const [frame, { onChange, ...select }] = split(props);
  return (
    <FormField {...frame}>
      <NativeSelect.Root>
        <NativeSelect.Field {...select} onChange={(event) => onChange(event.currentTarget.value)} />
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
