// What app/ composes of who read what: the file page's "Views" card and the deal's analytics page.
export { ViewsCard } from './components/views-card';
export { AnalyticsPage } from './analytics-page';
