/** AI confidence colours (docs/product.md §9): 80 (or 0.8) and above green, 60 (0.6) and above yellow, else red. */
export function confidencePercent(confidence: number | null | undefined): number | null {
  if (confidence === null || confidence === undefined || Number.isNaN(confidence)) return null;
  // Our API sends whole percentages; a fraction such as 0.8 (the other scale the spec allows) is below 1
  // and not whole. A whole 1 is 1%, never 100%.
  return confidence > 0 && confidence < 1 ? Math.round(confidence * 100) : Math.round(confidence);
}

export function confidenceColor(confidence: number | null | undefined): 'green' | 'yellow' | 'red' {
  const percent = confidencePercent(confidence) ?? 0;
  if (percent >= 80) return 'green';
  if (percent >= 60) return 'yellow';
  return 'red';
}

/** What a confidence reads as: a percentage, or 'Provided' at 100 percent (docs/product.md §9). */
export function confidenceLabel(confidence: number | null | undefined): string | null {
  const percent = confidencePercent(confidence);
  if (percent === null) return null;
  return percent >= 100 ? 'Provided' : `${percent}%`;
}
