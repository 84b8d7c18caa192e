/** The API path of one deal: every deal-scoped request starts here (docs/architecture.md "The API"). */
export const dealPath = (dealId: string) => `/deals/${encodeURIComponent(dealId)}`;

/** The API path of one file of a deal. */
export const filePath = (dealId: string, fileId: string) => `${dealPath(dealId)}/files/${encodeURIComponent(fileId)}`;
