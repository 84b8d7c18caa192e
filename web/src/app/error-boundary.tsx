import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { ErrorFallback } from '../features/errors';

/** Catches render crashes outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled render error', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <ErrorFallback />;
    return this.props.children;
  }
}

/** Route-level crashes (render errors, failed lazy chunks) show the general error screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('Route error', error);
  return <ErrorFallback />;
}
