// What the app may use of the checklist: the page it composes with the AI assistant's suggestions.
export { ChecklistPage } from './checklist-page';
export { ChecklistItemPage } from './checklist-item-page';
