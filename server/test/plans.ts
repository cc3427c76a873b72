import { sql, type SQL } from "drizzle-orm";
import { db } from "../db/client";
import { rows } from "../db/migrate";

/**
 * The plans of `explain` queries, each run with its table's indexes dropped but those named like
 * `keep` (inside a transaction that is rolled back) and sequential scans off. A test database has
 * few rows, so the planner would pick any index; this way the plan shows whether the kept index
 * can answer the query at all. A primary key other tables refer to stays (it answers none of
 * the searches tested this way).
 */
export async function plansWithOnly(cases: readonly (readonly [table: string, keep: string, explain: SQL])[]): Promise<string[]> {
  const plans: string[] = [];
  const rollback = new Error("rollback");
  await db()
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const [table, keep, explain] of cases) {
        await tx.execute(sql`savepoint plan`);
        const others = rows<{ name: string; constraint: string | null }>(
          await tx.execute(sql`select i.relname as name, c.conname as "constraint" from pg_index x join pg_class i on i.oid = x.indexrelid
            left join pg_constraint c on c.conindid = x.indexrelid
            where x.indrelid = ${table}::regclass and i.relname not like ${keep}
            and not (x.indisprimary and exists (select 1 from pg_constraint f where f.contype = 'f' and f.confrelid = x.indrelid))`),
        );
        for (const o of others) {
          await tx.execute(
            o.constraint
              ? sql`alter table ${sql.identifier(table)} drop constraint ${sql.identifier(o.constraint)}`
              : sql`drop index ${sql.identifier(o.name)}`,
          );
        }
        plans.push(
          rows<Record<string, string>>(await tx.execute(explain))
            .map((r) => Object.values(r)[0])
            .join("\n"),
        );
        await tx.execute(sql`rollback to savepoint plan`);
      }
      throw rollback;
    })
    .catch((e) => {
      if (e !== rollback) throw e;
    });
  return plans;
}
