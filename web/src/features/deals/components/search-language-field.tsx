import { Field } from '@chakra-ui/react';
import type { SearchLanguage } from '@contracts/search';
import { OptionSelect } from '../../../components/option-select';

const LANGUAGES: [SearchLanguage, string][] = [
  ['english', 'English'],
  ['german', 'German'],
];

/** Edit Deal: the language the deal's documents are searched in (issue 35); changing it re-indexes them. */
export function SearchLanguageField({ value, onChange }: { value: SearchLanguage; onChange: (value: SearchLanguage) => void }) {
  return (
    <Field.Root>
      <Field.Label>Search language</Field.Label>
      <OptionSelect name="search_language" label="Search language" value={value} onChange={onChange} options={LANGUAGES} />
      <Field.HelperText>Words in the deal's documents are matched with this language's word forms.</Field.HelperText>
    </Field.Root>
  );
}
