// What the app may use of Q&A: the card it composes into the file and checklist item pages.
export { QuestionsCard } from './questions-card';
