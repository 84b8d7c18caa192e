import { Avatar, Badge, Box, Checkbox, Field, HStack, NativeSelect, Stack, Text, Wrap, chakra } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { displayName } from '../../../lib/format';
import { permissionSetLabel } from '../../../lib/permission-sets';
import { COLOR_NAMES, SWATCH_COLORS } from '../colors';
import type { ColoredRef, PermissionSet } from '../types';

export function ColorDot({ color, size = '2.5' }: { color: string; size?: string }) {
  return <Box as="span" display="inline-block" boxSize={size} rounded="full" bg={color} flexShrink={0} aria-hidden="true" />;
}

/** A group or tag shown on a member: a soft chip with its colour. */
export function ColoredChip({ item }: { item: Pick<ColoredRef, 'name' | 'color'> }) {
  return (
    <HStack
      as="span"
      gap="1.5"
      px="2"
      h="5"
      rounded="full"
      borderWidth="1px"
      borderColor="border"
      bg="bg"
      textStyle="xs"
      fontWeight="medium"
      maxW="full"
      minW="0"
      title={item.name}
    >
      <ColorDot color={item.color} size="2" />
      <Text as="span" truncate>
        {item.name}
      </Text>
    </HStack>
  );
}

/** The ten colour swatches of groups and tags (docs/product.md §3). */
export function ColorSwatchPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <Wrap gap="2" role="radiogroup" aria-label="Colour">
      {SWATCH_COLORS.map((color) => {
        const selected = value.toUpperCase() === color;
        return (
          <chakra.button
            key={color}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={`${COLOR_NAMES[color]} ${color}`}
            title={COLOR_NAMES[color]}
            onClick={() => onChange(color)}
            boxSize="7"
            rounded="full"
            bg={color}
            display="flex"
            alignItems="center"
            justifyContent="center"
            color="white"
            cursor="pointer"
            outline="2px solid"
            outlineColor={selected ? color : 'transparent'}
            outlineOffset="2px"
            transition="transform 0.1s"
            _hover={{ transform: 'scale(1.08)' }}
            _focusVisible={{ outlineColor: 'brand.focusRing' }}
          >
            {selected && <Check size={14} strokeWidth={3} />}
          </chakra.button>
        );
      })}
    </Wrap>
  );
}

/** Ticks a subset of groups or tags, each shown with its colour. */
export function ChipPicker({
  items,
  value,
  onChange,
  disabled = false,
  emptyText,
}: {
  items: ColoredRef[];
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  emptyText: string;
}) {
  if (!items.length) {
    return (
      <Text textStyle="sm" color="fg.subtle">
        {emptyText}
      </Text>
    );
  }
  return (
    <Wrap gap="2">
      {items.map((item) => {
        const checked = value.includes(item.id);
        return (
          <Checkbox.Root
            key={item.id}
            size="sm"
            colorPalette="brand"
            checked={checked}
            disabled={disabled}
            onCheckedChange={(details) =>
              onChange(details.checked === true ? [...value, item.id] : value.filter((id) => id !== item.id))
            }
            borderWidth="1px"
            borderColor={checked ? 'brand.solid' : 'border'}
            bg={checked ? 'brand.subtle' : 'bg'}
            rounded="full"
            ps="2"
            pe="3"
            h="8"
            gap="2"
            cursor={disabled ? 'not-allowed' : 'pointer'}
          >
            <Checkbox.HiddenInput aria-label={item.name} />
            <Checkbox.Control />
            <Checkbox.Label>
              <HStack gap="1.5">
                <ColorDot color={item.color} size="2" />
                <Text as="span" textStyle="sm" fontWeight="normal">
                  {item.name}
                </Text>
              </HStack>
            </Checkbox.Label>
          </Checkbox.Root>
        );
      })}
    </Wrap>
  );
}

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

const STATUS_PALETTE: Record<string, string> = {
  active: 'green',
  inactive: 'gray',
  suspended: 'red',
  pending: 'yellow',
};

/** A member's status: active, inactive, suspended or pending. */
export function MemberStatusBadge({ status }: { status: string }) {
  return (
    <Badge size="sm" variant="subtle" colorPalette={STATUS_PALETTE[status] ?? 'gray'} textTransform="capitalize">
      {status}
    </Badge>
  );
}

export function OwnerBadge() {
  return (
    <Badge size="xs" variant="solid" colorPalette="purple" flexShrink={0}>
      Owner
    </Badge>
  );
}

export function RoleBadge({ role }: { role: string | null | undefined }) {
  if (!role || role === 'member') return null;
  const palette = role === 'admin' ? 'brand' : role === 'contributor' ? 'teal' : 'gray';
  return (
    <Badge size="xs" variant="outline" colorPalette={palette} textTransform="capitalize" flexShrink={0}>
      {role}
    </Badge>
  );
}

export function PersonCell({
  person,
  trailing,
}: {
  person: { first_name?: string | null; last_name?: string | null; email: string };
  trailing?: ReactNode;
}) {
  const name = displayName(person);
  const hasName = Boolean(person.first_name?.trim() || person.last_name?.trim());
  return (
    <HStack gap="3" minW="0">
      <Avatar.Root size="sm" colorPalette="brand" variant="subtle" flexShrink={0}>
        <Avatar.Fallback name={hasName ? name : person.email} />
      </Avatar.Root>
      <Box minW="0">
        <HStack gap="1.5" minW="0">
          <Text textStyle="sm" fontWeight="medium" truncate title={name}>
            {name}
          </Text>
          {trailing}
        </HStack>
        {hasName && (
          <Text textStyle="xs" color="fg.muted" truncate title={person.email}>
            {person.email}
          </Text>
        )}
      </Box>
    </HStack>
  );
}

/**
 * A labelled block for a set of controls (chips, swatches). Not a Field: a Field hands its one id to every
 * control inside it, which would give each checkbox the same id and the field's label.
 */
export function FieldGroup({
  label,
  optional = false,
  helper,
  children,
}: {
  label: string;
  optional?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack gap="1.5" role="group" aria-labelledby={id}>
      <Text id={id} textStyle="sm" fontWeight="medium">
        {label}
        {optional && (
          <Text as="span" color="fg.subtle" fontWeight="normal">
            {' '}
            (optional)
          </Text>
        )}
      </Text>
      {children}
      {helper && (
        <Text textStyle="xs" color="fg.muted">
          {helper}
        </Text>
      )}
    </Stack>
  );
}

/** A labelled form field with an optional error. */
export function FormField({
  label,
  required = false,
  optional = false,
  error,
  helper,
  disabled,
  children,
}: {
  label: ReactNode;
  required?: boolean;
  optional?: boolean;
  error?: string | null;
  helper?: ReactNode;
  /** Controls inside a Field take their disabled state from it, not from their own prop. */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
        {optional && (
          <Text as="span" color="fg.subtle" fontWeight="normal">
            (optional)
          </Text>
        )}
      </Field.Label>
      {children}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}
