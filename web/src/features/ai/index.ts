// What other features may use of the AI assistant.
export { AiReviewDialog } from './components/ai-review-dialog';
export { ConfidenceBadge } from './components/confidence-badge';
export { PendingReviewCount, PendingReviewList } from './components/pending-review-panel';
export { AiSuggestionsPanel } from './components/ai-suggestions-panel';
export { AiAnalysisCard } from './components/ai-analysis-card';
export { useAiAnalysis } from './api/ai-analysis';
export { useRetryAnalysis } from './api/retry-analysis';
export { useBatchAnalysis } from './api/batch-analysis';
export { useGenerateMetadata } from './api/generate-metadata';
export { useDealEvents } from './api/deal-events';
export { confidenceColor, confidenceLabel, confidencePercent } from './confidence';
export { AI_POLL_MS } from './confidence';
