import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type * as z from "zod";
import type { Ctx } from "../lib/context";
import { dateRangeFilters } from "../kernel/date-range";
import { labelOf, PAYMENT_TERMS, type Dict } from "../lib/dictionary";
import { anyOf, docNoFilter, noLike } from "../lib/doc-search";
import { withLinkedReaders } from "../lib/document-chain";
import { equals } from "../lib/list-read";
import type { PrivateField } from "../lib/list-read";
import { defineResource, type DocumentCommands, type ResourceDef } from "../lib/resource";
import { inPartnersNamed } from "../organization/partner-name";
import { codeLikePattern, normalizeOE } from "../product/oe";
import type { OrderLineTable, OrderTable } from "./order.service";

/** A field of a JSON body (undefined when the body is not an object). */
export const bodyField = (body: unknown, key: string) => (body && typeof body === "object" ? (body as Record<string, unknown>)[key] : undefined);
/** A flag of a JSON body: true only when sent as true. */
export const bodyFlag = (body: unknown, key: string) => bodyField(body, key) === true;

/** The document actions of the JSON API (POST /api/app/{name}/{id}/{action}), each run by the side's command runner. */
export function orderActions(
  names: readonly string[],
  run: (ctx: Ctx, id: number, action: string, body: unknown) => Promise<unknown>,
): DocumentCommands["actions"] {
  return Object.fromEntries(names.map((name) => [name, (ctx: Ctx, id: number, body: unknown) => run(ctx, id, name, body)]));
}

/** The side's order as the list reads it: its tables, document type (the JSON API's name) and status machine (the label and statuses). */
export interface ListedOrderSide {
  orders: OrderTable;
  lines: OrderLineTable;
  docType: string;
  machine: { label: string; statuses: Dict };
  schema: z.ZodType;
  person: { field: string; column: PgColumn };
}

export interface OrderResourceSide {
  pageUrl: string;
  writeCode: string;
  /** Who reads the list besides the workers of the linked documents (withLinkedReaders). */
  readCodes: string[];
  /** Fields a reader without the side's price code does not see. */
  privateFields: Readonly<Record<string, PrivateField>>;
  document: DocumentCommands;
  /** The side's own list columns, sorts and filters. */
  sortable?: Record<string, PgColumn | SQL>;
  filters?: ResourceDef["filters"];
  /** Count at most this many rows of a list (共 10000+ 条). */
  countLimit?: number;
}

/**
 * The list (/sale/order, /purchase/order) and the JSON API of a trade order: names, sorts,
 * filters (status, partner, warehouse, number, a line's product by any OE spelling, the day),
 * the keyword (number or partner's name) and the export's labels, the same on both sides.
 */
export function orderResource(order: ListedOrderSide, side: OrderResourceSide): ResourceDef {
  const { orders, docType: name, machine } = order;
  const lines = sql.identifier(getTableName(order.lines));
  /** Orders with a line whose product is known by this code (any OE spelling: own code, standard or replacement OE). */
  function lineProductOe(v: string, ctx: Ctx) {
    if (!normalizeOE(v)) return undefined;
    return sql`exists (select 1 from ${lines} l join product_oes o on o.product_id = l.product_id and o.company_id = ${ctx.companyId}
    where l.order_id = ${orders.id} and o.oe_norm like ${codeLikePattern(v)})`;
  }
  return defineResource({
    name,
    label: machine.label,
    pageName: machine.label,
    pageUrl: side.pageUrl,
    writeCode: side.writeCode,
    readCodes: withLinkedReaders(name, side.readCodes),
    scope: "company",
    table: orders,
    readOnly: { create: true, delete: true },
    ...(side.countLimit ? { countLimit: side.countLimit } : {}),
    extra: {
      partnerName: sql<string>`(select p.name from enterprise_relations p where p.id = ${orders.partnerId})`,
      warehouseName: sql<string>`(select w.name from warehouses w where w.id = ${orders.warehouseId})`,
      [order.person.field]: sql<string | null>`(select u.name from users u where u.id = ${order.person.column})`,
    },
    sortable: {
      creationTime: orders.id,
      no: orders.no,
      status: orders.status,
      totalQty: orders.totalQty,
      totalAmount: orders.totalAmount,
      ...side.sortable,
    },
    defaultSort: { field: "creationTime", dir: "desc" },
    filters: {
      status: equals(orders.status),
      partnerId: equals(orders.partnerId),
      warehouseId: equals(orders.warehouseId),
      no: docNoFilter(orders.no),
      oe: { kind: "text", where: (v: string, ctx: Ctx) => lineProductOe(v, ctx) },
      ...dateRangeFilters(orders.creationTime, "date"),
      ...side.filters,
    },
    keyword: async (kw, ctx) => anyOf(noLike(orders.no, kw), await inPartnersNamed(orders.partnerId, ctx, kw)),
    privateFields: side.privateFields,
    input: order.schema,
    exportAs: {
      status: (r) => labelOf(machine.statuses, r.status as 0),
      paymentTerm: (r) => labelOf(PAYMENT_TERMS, r.paymentTerm as 100),
    },
    document: side.document,
  });
}
