/** docs/product.md §9: the AI status poll interval while a file is being analysed. */
export const AI_POLL_MS = 3000;
