import { and, eq, ilike, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inIdsOf } from "../lib/doc-search";
import { escapeLike } from "../lib/validate";
import { enterpriseRelations } from "./organization.tables";

/** A partner's name as messages name it (the company's own partners only); "" when there is none. */
export async function partnerNameOf(ex: Executor, ctx: Pick<Ctx, "companyId">, partnerId: number | null | undefined): Promise<string> {
  if (!partnerId) return "";
  const [p] = await ex
    .select({ name: enterpriseRelations.name })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.id, partnerId), eq(enterpriseRelations.companyId, ctx.companyId)));
  return p?.name ?? "";
}

/** `column in (the company's partners whose name has the text)`: a document list's search by customer or supplier. */
export function inPartnersNamed(column: PgColumn, ctx: Pick<Ctx, "companyId">, text: string): Promise<SQL | undefined> {
  const t = text.trim();
  if (!t) return Promise.resolve(undefined);
  return inIdsOf(column, () =>
    db()
      .select({ id: enterpriseRelations.id })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, ctx.companyId), ilike(enterpriseRelations.name, `%${escapeLike(t)}%`))),
  );
}
