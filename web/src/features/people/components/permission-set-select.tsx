import { NativeSelect } from '@chakra-ui/react';
import { permissionSetLabel } from '../../../lib/permission-sets';
import type { PermissionSet } from '../types';

/** A permission-set select: system sets, then the deal's custom sets. */
export function PermissionSetSelect({
  sets,
  value,
  onChange,
  onBlur,
  disabled = false,
  placeholder = 'Select a permission set',
  name = 'permission_set_id',
  ariaLabel,
  allowNone = false,
  noneLabel = 'No permission set',
  size = 'md',
}: {
  sets: PermissionSet[];
  value: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  placeholder?: string;
  name?: string;
  ariaLabel?: string;
  allowNone?: boolean;
  noneLabel?: string;
  size?: 'xs' | 'sm' | 'md';
}) {
  const system = sets.filter((set) => set.type === 'system');
  const custom = sets.filter((set) => set.type !== 'system');
  return (
    <NativeSelect.Root disabled={disabled} size={size}>
      <NativeSelect.Field
        name={name}
        aria-label={ariaLabel}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
      >
        {allowNone ? <option value="">{noneLabel}</option> : <option value="">{placeholder}</option>}
        {system.length > 0 && (
          <optgroup label="System sets">
            {system.map((set) => (
              <option key={set.id} value={set.id}>
                {permissionSetLabel(set.name)}
              </option>
            ))}
          </optgroup>
        )}
        {custom.length > 0 && (
          <optgroup label="Custom sets">
            {custom.map((set) => (
              <option key={set.id} value={set.id}>
                {set.name}
              </option>
            ))}
          </optgroup>
        )}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
