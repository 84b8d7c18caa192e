import { useEffect, useState } from 'react';

/** The value after it has stayed unchanged for `delay` ms (searches: docs/product.md §9, 300 ms). */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
