/**
 * Pages loaded on demand, whose code can also be asked for ahead: when a pointer rests on a link to
 * them or the link takes focus, the chunk starts loading, so the click that follows waits for less or
 * nothing (issue 33). `lazyPage` is React's `lazy` with a `preload`; `preloadRoute` finds the pages a
 * path would show in the app's route table and preloads them.
 *
 * A page whose code has already arrived renders at once. React's `lazy` suspends on a page's first render
 * even when its promise has settled (it cannot read a promise synchronously), and React 19 then holds the
 * page back until 300 ms after its boundary's fallback appeared (its Suspense throttle): a sign-in, whose
 * next page was loaded while the answer came, showed a spinner for that long with nothing left to wait
 * for (decision 71). So the loader hands React a thenable that calls back at once when the code is there.
 */
import { lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type Preloadable = { preload?: () => Promise<unknown> };
type Module<T> = { default: T };

/** A settled module as a thenable whose `then` calls back synchronously, as React's lazy can use. */
function settled<T>(module: Module<T>): PromiseLike<Module<T>> {
  return {
    then: (onFulfilled) => {
      const value = onFulfilled ? onFulfilled(module) : module;
      return Promise.resolve(value) as never;
    },
  };
}

export function lazyPage<T extends ComponentType<any>>(load: () => Promise<Module<T>>) {
  let loading: Promise<Module<T>> | undefined;
  let loaded: Module<T> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module),
      (err: unknown) => {
        // A failed load (a deploy replaced the chunk, the network dropped) is tried again by the next caller.
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload()) as Promise<Module<T>>),
    { preload },
  );
}

let table: RouteObject[] = [];

/** The app's route table, for `preloadRoute` (set once, as the router is made). */
export function setPreloadRoutes(routes: RouteObject[]): void {
  table = routes;
}

/**
 * Starts loading the code of every lazy page `pathname` would show; settles when all have arrived or
 * failed (a failure is the page's to meet).
 */
export function preloadRoute(pathname: string): Promise<void> {
  const loads = (matchRoutes(table, pathname) ?? []).map(({ route }) => {
    const page = (route.element as ReactElement | undefined)?.type as Preloadable | undefined;
    return page?.preload?.().catch(() => undefined);
  });
  return Promise.all(loads).then(() => undefined);
}
