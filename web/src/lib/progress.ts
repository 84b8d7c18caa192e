/** Progress of a checklist (docs/product.md §9). */

export interface Progress {
  completed: number;
  total: number;
}

export type ProgressColor = 'gray' | 'red' | 'yellow' | 'green';

export function progressPercent({ completed, total }: Progress): number {
  if (!total || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((completed / total) * 100)));
}

/** Under 30% red, under 70% yellow, otherwise green; grey when the total is 0. */
export function progressColor(progress: Progress): ProgressColor {
  if (!progress.total || progress.total <= 0) return 'gray';
  const percent = (progress.completed / progress.total) * 100;
  if (percent < 30) return 'red';
  if (percent < 70) return 'yellow';
  return 'green';
}

export type SectionProgress = Record<string, Progress>;

/** Sum of every section's items. */
export function overallProgress(sections: SectionProgress | null | undefined): Progress {
  let completed = 0;
  let total = 0;
  for (const section of Object.values(sections ?? {})) {
    completed += Number(section?.completed) || 0;
    total += Number(section?.total) || 0;
  }
  return { completed, total };
}

/** Sections whose every item is complete, out of all sections. */
export function sectionsProgress(sections: SectionProgress | null | undefined): Progress {
  const list = Object.values(sections ?? {});
  const completed = list.filter((s) => s && s.total > 0 && s.completed >= s.total).length;
  return { completed, total: list.length };
}
