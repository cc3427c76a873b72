/**
 * A business rule refused the request. `code` decides the HTTP status at the edge; `message`
 * is the Chinese text the user reads; `fields` carries per-field messages for forms.
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

export const STATUS_OF: Record<DomainErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  locked: 423,
  rate_limited: 429,
};

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof Error && e.name === "DomainError";
}
