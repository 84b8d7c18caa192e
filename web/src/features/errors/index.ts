export { AccessDeniedPage, BadRequestPage, NotFoundPage, ServerErrorPage } from './pages';
export { ErrorFallback } from './error-fallback';
