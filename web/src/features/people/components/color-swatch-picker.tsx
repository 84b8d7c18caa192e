import { Wrap, chakra } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import { COLOR_NAMES, SWATCH_COLORS } from '../colors';

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
