import { DomainError, type DomainErrorCode } from "../db/domain-error";

export { DomainError, type DomainErrorCode } from "../db/domain-error";

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
