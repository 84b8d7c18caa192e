import { Field, NativeSelect } from '@chakra-ui/react';
import type { SearchLanguage } from '@contracts/search';

const LANGUAGES: [SearchLanguage, string][] = [
  ['english', 'English'],
  ['german', 'German'],
];

/** Edit Deal: the language the deal's documents are searched in (issue 35); changing it re-indexes them. */
export function SearchLanguageField({ value, onChange }: { value: SearchLanguage; onChange: (value: SearchLanguage) => void }) {
  return (
    <Field.Root>
      <Field.Label>Search language</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name="search_language" value={value} onChange={(e) => onChange(e.target.value as SearchLanguage)}>
          {LANGUAGES.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>Words in the deal's documents are matched with this language's word forms.</Field.HelperText>
    </Field.Root>
  );
}
