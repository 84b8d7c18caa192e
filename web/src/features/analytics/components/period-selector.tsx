import { Field, HStack, Input } from '@chakra-ui/react';
import { SelectField } from '../../../components/select-field';
import { PERIODS, type PeriodChoice } from '../logic';

/** The period of the deal's analytics: a preset, or from/to dates (either may be left empty). */
export function PeriodSelector({
  choice,
  from,
  to,
  onChoice,
  onDates,
}: {
  choice: PeriodChoice;
  from: string;
  to: string;
  onChoice: (choice: PeriodChoice) => void;
  /** The date that changed (only it: the other may not have reached the props yet). */
  onDates: (dates: { from: string } | { to: string }) => void;
}) {
  return (
    <HStack gap="3" align="flex-end" wrap="wrap">
      <SelectField label="Period" value={choice} onChange={(v) => onChoice(v as PeriodChoice)} options={PERIODS} w="44" />
      {choice === 'custom' && (
        <>
          <Field.Root w="40">
            <Field.Label textStyle="xs">From</Field.Label>
            <Input size="sm" type="date" value={from} max={to || undefined} onChange={(e) => onDates({ from: e.target.value })} />
          </Field.Root>
          <Field.Root w="40">
            <Field.Label textStyle="xs">To</Field.Label>
            <Input size="sm" type="date" value={to} min={from || undefined} onChange={(e) => onDates({ to: e.target.value })} />
          </Field.Root>
        </>
      )}
    </HStack>
  );
}
