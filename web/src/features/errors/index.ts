export { AccessDeniedPage } from './access-denied-page';
export { BadRequestPage } from './bad-request-page';
export { NotFoundPage } from './not-found-page';
export { ServerErrorPage } from './server-error-page';
export { ErrorFallback } from './error-fallback';
