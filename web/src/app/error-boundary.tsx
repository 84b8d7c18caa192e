import { Component, type ErrorInfo, type ReactNode } from 'react';
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

/**
 * Route-level crashes (render errors, failed lazy chunks) show the general error screen inside the app's
 * providers and router; the next navigation (a new `resetKey`, the path) shows its page again.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown; at: string }> {
  state = { error: null as unknown, at: '' };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route error', error, info.componentStack);
    this.setState({ at: this.props.resetKey });
  }

  componentDidUpdate() {
    if (this.state.error && this.state.at && this.props.resetKey !== this.state.at) this.setState({ error: null, at: '' });
  }

  render() {
    if (this.state.error) return <ErrorFallback />;
    return this.props.children;
  }
}
