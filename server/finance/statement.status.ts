/** A statement of account's confirmation by the partner (STATEMENT_CONFIRM_STATUSES). */
export const STATEMENT_UNCONFIRMED = 0;
export const STATEMENT_CONFIRMED = 1;
export const STATEMENT_DISPUTED = 2;
