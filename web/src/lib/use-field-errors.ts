import { useCallback, useState } from 'react';

/** A form's error per field, each one cleared as soon as its field is edited. */
export function useFieldErrors<E extends Partial<Record<keyof E, string>>>() {
  const [errors, setErrors] = useState<E>({} as E);
  /** The change handler of a field: stores the value, then drops that field's error. */
  const edit = useCallback(
    <V>(key: keyof E, store: (value: V) => void) =>
      (value: V) => {
        store(value);
        setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
      },
    [],
  );
  return { errors, setErrors, edit };
}

/** The one error of a form that checks one field, cleared as soon as that field is edited. */
export function useFieldError() {
  const { errors, setErrors, edit } = useFieldErrors<{ field?: string }>();
  const setError = useCallback((error: string | null) => setErrors({ field: error ?? undefined }), [setErrors]);
  const editField = useCallback(<V>(store: (value: V) => void) => edit('field', store), [edit]);
  return { error: errors.field ?? null, setError, edit: editField };
}
