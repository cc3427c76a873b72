import { and, eq } from "drizzle-orm";
import type { Ctx } from "../auth/context";
import type { Executor } from "../db/client";
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
