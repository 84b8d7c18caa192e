// What app/ composes of deals (the pages that show other features beside it).
export { DealDashboard } from './deal-dashboard';
export { DealLayout } from './deal-layout';
