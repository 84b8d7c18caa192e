// What app/ composes of the AI assistant (the pages that show it beside another feature).
export { AiReviewDialog } from './components/ai-review-dialog';
export { PendingReviewCount, PendingReviewList } from './components/pending-review-panel';
export { AiSuggestionsPanel } from './components/ai-suggestions-panel';
export { AiAnalysisCard } from './components/ai-analysis-card';
export { useRetryAnalysis } from './api/retry-analysis';
export { useGenerateMetadata } from './api/generate-metadata';
export { useDealEvents } from './api/deal-events';
