/** A refusal of the tus endpoint, answered in the product's error shape. */
export class TusError extends Error {
  constructor(
    readonly status_code: number,
    detail: string,
  ) {
    super(detail);
  }
  // @tus/server sends `body` as is: the product's error shape (docs/architecture.md "Errors").
  get body(): string {
    return JSON.stringify({ detail: this.message });
  }
}
