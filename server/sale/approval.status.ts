/** An approval's statuses (APPROVAL_STATUSES): credit approvals of orders, approvals of sales returns. */
export const APPROVAL_WAITING = 0;
export const APPROVAL_PASSED = 1;
export const APPROVAL_REJECTED = 2;
