import { Checkbox, HStack, Text, Wrap } from '@chakra-ui/react';
import type { ColoredRef } from '../types';
import { ColorDot } from './color-dot';

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
