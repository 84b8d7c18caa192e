/**
 * Pages loaded on demand, whose code can also be asked for ahead: when a pointer rests on a link to
 * them or the link takes focus, the chunk starts loading, so the click that follows waits for less or
 * nothing (issue 33). `lazyPage` is React's `lazy` with a `preload`; `preloadRoute` finds the pages a
 * path would show in the app's route table and preloads them.
 */
import { lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type Preloadable = { preload?: () => Promise<unknown> };

export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | undefined;
  const preload = () => {
    loading ??= load().catch((err: unknown) => {
      // A failed load (a deploy replaced the chunk, the network dropped) is tried again by the next caller.
      loading = undefined;
      throw err;
    });
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

let table: RouteObject[] = [];

/** The app's route table, for `preloadRoute` (set once, as the router is made). */
export function setPreloadRoutes(routes: RouteObject[]): void {
  table = routes;
}

/** Starts loading the code of every lazy page `pathname` would show; a failure is the page's to meet. */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(table, pathname) ?? []) {
    const page = (route.element as ReactElement | undefined)?.type as Preloadable | undefined;
    page?.preload?.().catch(() => undefined);
  }
}
