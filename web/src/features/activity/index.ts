// What other features may use of the activity feed.
export { activityKeys } from './api/list-activity';
