// What other features may use of deals.
export { DealDashboardPage } from './deal-dashboard-page';
