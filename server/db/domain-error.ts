/**
 * A business rule refused the request. `code` decides the HTTP status at the edge; `message`
 * is the Chinese text the user reads; `fields` carries per-field messages for forms.
 * Defined on the database floor so that the transaction runner can raise it; everything else
 * imports it from server/lib/errors.
 */
export type DomainErrorCode = "bad_request" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "locked" | "rate_limited";

export class DomainError extends Error {
  constructor(
    public readonly code: DomainErrorCode,
    message: string,
    public readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}
