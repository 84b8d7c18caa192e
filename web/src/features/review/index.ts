// What other features may use of the review queue.
export { reviewKeys } from './api/keys';
