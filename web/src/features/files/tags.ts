/** docs/product.md §5: tags are comma-separated, trimmed, empties dropped (and each kept once). */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim();
    if (!tag || seen.has(tag)) continue;
    seen.add(tag);
    tags.push(tag);
  }
  return tags;
}

export function formatTags(tags: readonly string[] | null | undefined): string {
  return (tags ?? []).join(', ');
}
