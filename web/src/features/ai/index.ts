// What other features may use of the AI assistant.
export { AiReviewDialog } from './components/AiReviewDialog';
export { ConfidenceBadge } from './components/ConfidenceBadge';
export { PendingReviewCount, PendingReviewList } from './components/PendingReviewPanel';
export { AiSuggestionsPanel } from './components/AiSuggestionsPanel';
export { AiAnalysisCard } from './components/AiAnalysisCard';
export { useAiAnalysis } from './api/ai-analysis';
export { useRetryAnalysis } from './api/retry-analysis';
export { useBatchAnalysis } from './api/batch-analysis';
export { useGenerateMetadata } from './api/generate-metadata';
export { useDealEvents } from './api/deal-events';
export { confidenceColor, confidenceLabel, confidencePercent } from './confidence';
export { AI_POLL_MS } from './confidence';
