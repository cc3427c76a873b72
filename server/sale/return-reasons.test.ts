import { describe, expect, it } from "vitest";
import { codesOf, PURCHASE_RETURN_REASONS, REASON_CODES, RECEIVE_DIFF_REASONS, SALES_RETURN_REASONS } from "../lib/dictionary";
import { PurchaseReturnLineInputSchema } from "../purchase/purchase-return.input";
import { SalesReturnLineInputSchema } from "./sales-return.input";

/** Issue 20 item 8: each kind of document offers (and accepts) the reasons that fit it. */
describe("reason codes per document kind", () => {
  it("a customer return offers neither 产品少发 nor 库存不足, and refuses them", () => {
    const labels = SALES_RETURN_REASONS.map(([, l]) => l);
    expect(labels).not.toContain("产品少发");
    expect(labels).not.toContain("库存不足");
    expect(labels).toContain("质量问题");
    const line = { productId: 1, qty: "1", price: "10" };
    expect(SalesReturnLineInputSchema.safeParse({ ...line, reasonCode: 70 }).success).toBe(true);
    const refused = SalesReturnLineInputSchema.safeParse({ ...line, reasonCode: 30 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain("退货原因");
  });

  it("a purchase return neither; a receiving difference every reason", () => {
    expect(codesOf(PURCHASE_RETURN_REASONS)).not.toContain(30);
    expect(codesOf(PURCHASE_RETURN_REASONS)).not.toContain(100);
    const line = { productId: 1, locationId: 2, batchNo: "B1", qty: "1", price: "10" };
    expect(PurchaseReturnLineInputSchema.safeParse({ ...line, reasonCode: 70 }).success).toBe(true);
    expect(PurchaseReturnLineInputSchema.safeParse({ ...line, reasonCode: 100 }).success).toBe(false);
    expect(codesOf(RECEIVE_DIFF_REASONS)).toEqual(codesOf(REASON_CODES));
  });
});
