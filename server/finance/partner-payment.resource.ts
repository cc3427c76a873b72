import { eq, sql } from "drizzle-orm";
import { dateRangeFilters } from "../kernel/date-range";
import { labelOf, PARTNER_PAYMENT_STATUSES, PAYMENT_KINDS } from "../lib/dictionary";
import { equals } from "../lib/list-read";
import { defineResource, type ResourceDef } from "../lib/resource";
import { partnerPayments } from "./finance.tables";
import { PartnerPaymentInputSchema } from "./partner-payment.input";
import { createPartnerPayment, getPartnerPayment, partnerPaymentActions, removePartnerPayment, FINANCE_CODE } from "./partner-payment.service";
import { anyOf, docNoFilter, noLike } from "../lib/doc-search";
import { inPartnersNamed } from "../organization/partner-name";

/**
 * 收款单 (`receipt`, kind 1) and 付款单 (`paymentOrder`, kind 2; the name `payment` is the spec's
 * payment methods): lists and the JSON API with create (`{…, confirm: true}` confirms at once),
 * get, delete (drafts) and the actions confirm / void. Permission 对账单 (CWGL-001).
 */
function paymentResource(kind: 1 | 2, name: string, label: string): ResourceDef {
  const byKind = { kind: "int" as const, default: kind, where: () => eq(partnerPayments.kind, kind) };
  return defineResource({
    name,
    label,
    pageName: label,
    pageUrl: `/accounting/reconciliation/payments?kind=${kind}`,
    writeCode: FINANCE_CODE,
    readCodes: [FINANCE_CODE],
    scope: "company",
    table: partnerPayments,
    readOnly: { create: true, update: true, delete: true },
    extra: {
      partnerName: sql<string>`(select p.name from enterprise_relations p where p.id = ${partnerPayments.partnerId})`,
      paymentMethodName: sql<string | null>`(select m.name from payment_methods m where m.id = ${partnerPayments.paymentMethodId})`,
      createdByName: sql<string | null>`(select u.name from users u where u.id = ${partnerPayments.createdBy})`,
    },
    sortable: {
      creationTime: partnerPayments.id,
      no: partnerPayments.no,
      amount: partnerPayments.amount,
      paidOn: partnerPayments.paidOn,
      status: partnerPayments.status,
    },
    defaultSort: { field: "creationTime", dir: "desc" },
    filters: {
      kind: byKind,
      status: equals(partnerPayments.status),
      partnerId: equals(partnerPayments.partnerId),
      paymentMethodId: equals(partnerPayments.paymentMethodId),
      no: docNoFilter(partnerPayments.no),
      ...dateRangeFilters(partnerPayments.paidOn, "date"),
    },
    keyword: async (kw, ctx) => anyOf(noLike(partnerPayments.no, kw), await inPartnersNamed(partnerPayments.partnerId, ctx, kw)),
    input: PartnerPaymentInputSchema,
    exportAs: {
      status: (r) => labelOf(PARTNER_PAYMENT_STATUSES, r.status as 0),
      kind: (r) => labelOf(PAYMENT_KINDS, r.kind as 1),
    },
    document: {
      create: (ctx, body) => {
        const b = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
        return createPartnerPayment(ctx, { ...b, kind }, { confirm: b.confirm === true });
      },
      get: (ctx, id) => getPartnerPayment(ctx, id, kind),
      remove: async (ctx, id) => {
        await getPartnerPayment(ctx, id, kind);
        return removePartnerPayment(ctx, id);
      },
      actions: partnerPaymentActions(kind),
    },
  });
}

export const receiptResource = paymentResource(1, "receipt", "收款单");
export const paymentOrderResource = paymentResource(2, "paymentOrder", "付款单");
