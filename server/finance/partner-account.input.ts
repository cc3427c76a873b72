import * as z from "zod";

/** 往来账 rows are never written through the list (postings change balances): no input fields. */
export const PartnerAccountQuerySchema = z.object({});
