import { beforeAll, describe, expect, it } from "vitest";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { apiCollection, apiDocumentAction, apiItem } from "../resource/api";
import "./registry"; // the resource kit finds resources through it

useTestDatabase();

let sales: string;
let buyer: string;
const call = (token: string, method: string, path: string, body?: unknown) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

beforeAll(async () => {
  sales = (await ctxOf("sales1")).token;
  buyer = (await ctxOf("buyer1")).token;
});

describe("documents through the JSON API: the pages' permissions", () => {
  it("refuses a purchase order's create, change, delete and actions to a salesperson (403), and lets a buyer through", async () => {
    for (const res of [
      await apiCollection(call(sales, "POST", "/api/app/purchaseOrder", { partnerId: 1, warehouseId: 1, lines: [] }), "purchaseOrder"),
      await apiItem(call(sales, "PUT", "/api/app/purchaseOrder/1", { lines: [] }), "purchaseOrder", "1"),
      await apiItem(call(sales, "DELETE", "/api/app/purchaseOrder/1"), "purchaseOrder", "1"),
      await apiDocumentAction(call(sales, "POST", "/api/app/purchaseOrder/1/submit"), "purchaseOrder", "1", "submit"),
      await apiDocumentAction(call(sales, "POST", "/api/app/moveOrder/1/confirm"), "moveOrder", "1", "confirm"),
    ]) {
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe("forbidden");
    }
    // A buyer reaches the service, which answers for the input (here: no lines → 400, not 403).
    const bad = await apiCollection(call(buyer, "POST", "/api/app/purchaseOrder", { partnerId: 1, warehouseId: 1, lines: [] }), "purchaseOrder");
    expect(bad.status).toBe(400);
  });
});
