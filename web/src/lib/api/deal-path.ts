/** The API path of one deal: every deal-scoped request starts here (docs/architecture.md "The API"). */
export const dealPath = (dealId: string) => `/deals/${encodeURIComponent(dealId)}`;
