export const DEAL_NAME_REQUIRED = 'Please enter a deal name';

/** Create and edit deal (docs/product.md §5): the name must be non-empty after trimming. */
export function validateDealName(name: string): string | null {
  return name.trim() ? null : DEAL_NAME_REQUIRED;
}
