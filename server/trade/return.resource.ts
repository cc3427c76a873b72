import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type * as z from "zod";
import type { Ctx } from "../lib/context";
import { dateRangeFilters } from "../kernel/date-range";
import { labelOf, type Dict } from "../lib/dictionary";
import { equals } from "../lib/list-read";
import { defineResource, type DocumentCommands, type ResourceDef } from "../lib/resource";
import { anyOf, docNoFilter, noLike } from "../lib/doc-search";
import { inPartnersNamed } from "../organization/partner-name";
import type { PrivateField } from "../lib/list-read";

/**
 * The list and JSON API of a trade return (销售退货 /sale/returnOrder, 采购退货
 * /purchase/returnOrder): the same columns, sorting, filters, keyword search and document
 * commands over each side's return table; the side names its table, order, codes and services.
 */

/** A return table as the shared list reads it. */
export type ReturnTable = PgTable & {
  id: PgColumn;
  companyId: PgColumn;
  no: PgColumn;
  status: PgColumn;
  partnerId: PgColumn;
  warehouseId: PgColumn;
  totalAmount: PgColumn;
  creationTime: PgColumn;
  createdBy: PgColumn;
};

export interface ReturnResourceSide {
  name: string;
  label: string;
  pageName: string;
  pageUrl: string;
  writeCode: string;
  readCodes: readonly string[];
  privateFields: Readonly<Record<string, PrivateField>>;
  table: ReturnTable;
  /** The order a return comes from: the return's column, the orders table, the list's field for its number. */
  order: { column: PgColumn; table: PgTable; noField: string };
  statuses: Dict;
  input: z.ZodType;
  /** Sort keys, filters and keyword matches of the side's own. */
  sortable?: Record<string, PgColumn | SQL>;
  filters?: ResourceDef["filters"];
  keyword?: (kw: string, ctx: Ctx) => Promise<SQL | undefined>;
  create: (ctx: Ctx, body: unknown, opts: { submit: boolean }) => Promise<unknown>;
  get: (ctx: Ctx, id: number) => Promise<unknown>;
  update: (ctx: Ctx, id: number, body: unknown, opts: { submit: boolean }) => Promise<unknown>;
  remove: (ctx: Ctx, id: number) => Promise<unknown>;
  actions: DocumentCommands["actions"];
}

/** The JSON API's body asks to submit the return it creates or saves. */
const wantsSubmit = (body: unknown) => !!(body && typeof body === "object" && (body as { submit?: unknown }).submit === true);

export function tradeReturnResource(side: ReturnResourceSide): ResourceDef {
  const t = side.table;
  return defineResource({
    name: side.name,
    label: side.label,
    pageName: side.pageName,
    pageUrl: side.pageUrl,
    writeCode: side.writeCode,
    readCodes: side.readCodes,
    privateFields: side.privateFields,
    scope: "company",
    table: t,
    readOnly: { create: true, delete: true },
    extra: {
      partnerName: sql<string>`(select p.name from enterprise_relations p where p.id = ${t.partnerId})`,
      warehouseName: sql<string>`(select w.name from warehouses w where w.id = ${t.warehouseId})`,
      [side.order.noField]: sql<string | null>`(select o.no from ${side.order.table} o where o.id = ${side.order.column})`,
      createdByName: sql<string | null>`(select u.name from users u where u.id = ${t.createdBy})`,
    },
    sortable: { creationTime: t.id, no: t.no, totalAmount: t.totalAmount, ...side.sortable, status: t.status },
    defaultSort: { field: "creationTime", dir: "desc" },
    filters: {
      status: equals(t.status),
      partnerId: equals(t.partnerId),
      warehouseId: equals(t.warehouseId),
      no: docNoFilter(t.no),
      ...side.filters,
      ...dateRangeFilters(t.creationTime, "date"),
    },
    keyword: async (kw, ctx) => anyOf(noLike(t.no, kw), await inPartnersNamed(t.partnerId, ctx, kw), await side.keyword?.(kw, ctx)),
    input: side.input,
    exportAs: { status: (r) => labelOf(side.statuses, r.status as number) },
    document: {
      create: (ctx, body) => side.create(ctx, body, { submit: wantsSubmit(body) }),
      get: side.get,
      update: (ctx, id, body) => side.update(ctx, id, body, { submit: wantsSubmit(body) }),
      remove: side.remove,
      actions: side.actions,
    },
  });
}
