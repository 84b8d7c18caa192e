/** The eight categories of the due-diligence catalog (docs/product.md §9), in display order. */
export const CATALOG_CATEGORIES = [
  'Corporate Documents',
  'Financial Information',
  'Tax Matters',
  'Commercial Contracts',
  'HR/Employment',
  'IP/Tech',
  'Privacy & Compliance',
  'Real Estate/Insurance',
] as const;

export type CatalogCategory = (typeof CATALOG_CATEGORIES)[number];
