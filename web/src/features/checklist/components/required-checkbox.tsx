import { Checkbox, Field } from '@chakra-ui/react';

/** An item's Required box, beside its expected files: in the Add/Edit Item dialog and the Details card's form. */
export function RequiredCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Field.Root w="auto" pt="7">
      <Checkbox.Root checked={checked} onCheckedChange={(details) => onChange(details.checked === true)} colorPalette="brand">
        <Checkbox.HiddenInput name="required" />
        <Checkbox.Control />
        <Checkbox.Label>Required</Checkbox.Label>
      </Checkbox.Root>
    </Field.Root>
  );
}
