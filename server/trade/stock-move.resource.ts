import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import * as z from "zod";
import type { Ctx } from "../lib/context";
import { labelOf, type Dict } from "../lib/dictionary";
import { anyOf, docNoFilter, inDocsNumbered, noLike } from "../lib/doc-search";
import { equals } from "../lib/list-read";
import { defineResource, type ResourceDef } from "../lib/resource";
import { dateRangeFilters } from "../kernel/date-range";
import { inPartnersNamed } from "../organization/partner-name";
import type { MoveHeaderTable } from "./stock-move-doc";

/**
 * The list and JSON API resource of a stock-moving note (发货单 / 收货单): what both sides' lists
 * share (the company's notes, read only but for their document actions; the names of partner,
 * warehouse, order and creator; sorting by date, number and status; the filters by status,
 * partner, warehouse, order, number and date; the search box over number, partner and order
 * number; the status exported as its label). The side adds its own columns, filters and
 * document actions.
 */

type NoteTable = MoveHeaderTable & { creationTime: PgColumn };
type NumberedTable = Parameters<typeof inDocsNumbered>[1];

/** The note's order: its id column on the note, its table, the list's field names. */
export interface MoveListOrder {
  /** The note's column pointing at the order. */
  idColumn: PgColumn;
  /** Its field and filter name (salesOrderId / purchaseOrderId). */
  idField: string;
  table: NumberedTable;
  /** The order number's field on the list (salesOrderNo / purchaseOrderNo). */
  noField: string;
}

/** The names a note's list shows (partner, warehouse, order number, creator), as correlated reads. */
export function moveListExtra(table: NoteTable, order: MoveListOrder): Record<string, SQL> {
  return {
    [order.noField]: sql<string | null>`(select o.no from ${order.table} o where o.id = ${order.idColumn})`,
    partnerName: sql<string>`(select p.name from enterprise_relations p where p.id = ${table.partnerId})`,
    warehouseName: sql<string>`(select w.name from warehouses w where w.id = ${table.warehouseId})`,
    createdByName: sql<string | null>`(select u.name from users u where u.id = ${table.createdBy})`,
  };
}

/** The search box: the note's number (and the side's other numbers), the partner's name, the order's number. */
export function moveListKeyword(table: NoteTable, order: MoveListOrder, moreNumbers: readonly PgColumn[] = []) {
  return async (kw: string, ctx: Ctx) =>
    anyOf(
      noLike(table.no, kw),
      ...moreNumbers.map((c) => noLike(c, kw)),
      await inPartnersNamed(table.partnerId, ctx, kw),
      await inDocsNumbered(order.idColumn, order.table, ctx, kw),
    );
}

/** A note's list resource: the shared part, then the side's. */
export function defineMoveResource(spec: {
  name: string;
  label: string;
  pageUrl: string;
  writeCode: string;
  readCodes: string[];
  table: NoteTable;
  order: MoveListOrder;
  statuses: Dict;
  /** The side's columns besides the shared names. */
  extra: Record<string, SQL>;
  /** The side's sort fields besides creationTime, no, status. */
  sortable: Record<string, PgColumn>;
  /** The side's filters besides status, partner, warehouse, order, number, date. */
  filters: ResourceDef["filters"];
  keyword: NonNullable<ResourceDef["keyword"]>;
  privateFields: ResourceDef["privateFields"];
  document: ResourceDef["document"];
}) {
  const t = spec.table;
  return defineResource({
    name: spec.name,
    label: spec.label,
    pageName: spec.label,
    pageUrl: spec.pageUrl,
    writeCode: spec.writeCode,
    readCodes: spec.readCodes,
    scope: "company",
    table: t,
    readOnly: { create: true, delete: true },
    extra: { ...moveListExtra(t, spec.order), ...spec.extra },
    sortable: { creationTime: t.id, no: t.no, status: t.status, ...spec.sortable },
    defaultSort: { field: "creationTime", dir: "desc" },
    filters: {
      status: equals(t.status),
      partnerId: equals(t.partnerId),
      warehouseId: equals(t.warehouseId),
      [spec.order.idField]: equals(spec.order.idColumn),
      no: docNoFilter(t.no),
      ...dateRangeFilters(t.creationTime, "date"),
      ...spec.filters,
    },
    keyword: spec.keyword,
    privateFields: spec.privateFields,
    input: z.object({}),
    exportAs: { status: (r) => labelOf(spec.statuses, r.status as number) },
    document: spec.document,
  });
}
