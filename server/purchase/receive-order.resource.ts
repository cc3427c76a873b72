import { sql } from "drizzle-orm";
import * as z from "zod";
import { labelOf, PUTAWAY_ORDER_STATUSES, RECEIVE_ORDER_STATUSES } from "../lib/dictionary";
import { equals, perDocument } from "../lib/list-read";
import { dateRangeFilters } from "../kernel/date-range";
import { defineResource } from "../lib/resource";
import { confirmPutawayOrder, getPutawayOrder } from "./putaway-order.service";
import { purchaseOrders, putawayOrderLines, putawayOrders, receiveOrderLines, receiveOrders } from "./purchase.tables";
import { confirmReceiveOrder, createPutawayFromReceive, createReceiveOrder, getReceiveOrder, reverseReceiveOrder } from "./receive-order.service";
import { anyOf, docNoFilter, inDocsNumbered, noLike } from "../lib/doc-search";
import { COST, PURCHASE_LINE_PRICES } from "../lib/price-rules";
import { defineMoveResource, moveListKeyword, type MoveListOrder } from "../trade/stock-move.resource";
import { withLinkedReaders } from "../lib/document-chain";

const receiveLines = perDocument(receiveOrderLines.receiveOrderId, receiveOrders.id);
const putawayLines = perDocument(putawayOrderLines.putawayOrderId, putawayOrders.id);

const PURCHASE_ORDER: MoveListOrder = {
  idColumn: receiveOrders.purchaseOrderId,
  idField: "purchaseOrderId",
  table: purchaseOrders,
  noField: "purchaseOrderNo",
};

/** 收货单 list (/purchase/receive) and the JSON API `receiveOrder`. */
export const receiveOrderResource = defineMoveResource({
  name: "receiveOrder",
  label: "收货单",
  pageUrl: "/purchase/receive",
  writeCode: "CGGL-009",
  readCodes: withLinkedReaders("receiveOrder", ["CGGL-009", "CGGL-001"]),
  table: receiveOrders,
  order: PURCHASE_ORDER,
  statuses: RECEIVE_ORDER_STATUSES,
  extra: {
    totalExpected: receiveLines(sql`coalesce(sum(l.expected_qty), 0)::text`),
    totalReceived: receiveLines(sql`coalesce(sum(l.received_qty), 0)::text`),
    totalAmount: receiveLines(sql`coalesce(round(sum(l.received_qty * l.price), 2), 0)::text`),
  },
  sortable: { postedAt: receiveOrders.postedAt },
  filters: {},
  keyword: moveListKeyword(receiveOrders, PURCHASE_ORDER),
  // Purchase amounts are for purchasing; a stock keeper receives without seeing them.
  privateFields: { ...PURCHASE_LINE_PRICES, unitCost: COST() },
  document: {
    create: (ctx, body) => createReceiveOrder(ctx, body),
    get: (ctx, id) => getReceiveOrder(ctx, id),
    actions: {
      confirm: (ctx, id, body) => confirmReceiveOrder(ctx, id, body),
      reverse: (ctx, id) => reverseReceiveOrder(ctx, id),
      createPutaway: (ctx, id) => createPutawayFromReceive(ctx, id),
    },
  },
});
/** 上架单 list (/purchase/pickingIn) and the JSON API `putawayOrder`. */
export const putawayOrderResource = defineResource({
  name: "putawayOrder",
  label: "上架单",
  pageName: "上架单",
  pageUrl: "/purchase/pickingIn",
  writeCode: "CGGL-010",
  readCodes: ["CGGL-010", "CGGL-009", "CGGL-001"],
  scope: "company",
  privateFields: { ...PURCHASE_LINE_PRICES, unitCost: COST() },
  table: putawayOrders,
  readOnly: { create: true, delete: true },
  extra: {
    receiveOrderNo: sql<string | null>`(select r.no from receive_orders r where r.id = ${putawayOrders.receiveOrderId})`,
    purchaseOrderNo: sql<string | null>`(select o.no from purchase_orders o where o.id = ${putawayOrders.purchaseOrderId})`,
    partnerName: sql<
      string | null
    >`(select p.name from receive_orders r join enterprise_relations p on p.id = r.partner_id where r.id = ${putawayOrders.receiveOrderId})`,
    warehouseName: sql<string>`(select w.name from warehouses w where w.id = ${putawayOrders.warehouseId})`,
    totalQty: putawayLines(sql`coalesce(sum(l.qty), 0)::text`),
    createdByName: sql<string | null>`(select u.name from users u where u.id = ${putawayOrders.createdBy})`,
  },
  sortable: {
    creationTime: putawayOrders.id,
    no: putawayOrders.no,
    status: putawayOrders.status,
    postedAt: putawayOrders.postedAt,
  },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    status: equals(putawayOrders.status),
    warehouseId: equals(putawayOrders.warehouseId),
    receiveOrderId: equals(putawayOrders.receiveOrderId),
    no: docNoFilter(putawayOrders.no),
    ...dateRangeFilters(putawayOrders.creationTime, "date"),
  },
  keyword: async (kw, ctx) => anyOf(noLike(putawayOrders.no, kw), await inDocsNumbered(putawayOrders.receiveOrderId, receiveOrders, ctx, kw)),
  input: z.object({}),
  exportAs: { status: (r) => labelOf(PUTAWAY_ORDER_STATUSES, r.status as 10) },
  document: {
    get: (ctx, id) => getPutawayOrder(ctx, id),
    actions: {
      confirm: (ctx, id, body) => confirmPutawayOrder(ctx, id, body),
    },
  },
});
