import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders a dialog whose code loads on demand (a `lazyPage`) from its first opening on: until then nothing,
 * so its chunk is not part of the screen's first load; after, it stays mounted, so it closes with its
 * animation. Its own Suspense boundary, so one dialog's loading hides no other (decision 67, issue 33). A
 * chunk that fails to load is the route's error boundary's to meet, as for a page.
 */
export function LoadOnOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
