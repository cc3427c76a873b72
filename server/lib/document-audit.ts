import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { actorOf, recordAudit, type AuditActor } from "./audit";
import { formatMoney } from "./decimal";
import { labelOf, type AuditAction, type Dict } from "./dictionary";
import { rows } from "./rows";

/**
 * The audit trail of business documents (操作日志 单据过账 / 单据撤销): every status change that
 * matters — submit, approve, confirm, post, complete, and cancel, void, 红冲, reject — is
 * recorded by the service that makes it, in the same transaction, right after the status is
 * written; if the change rolls back, so does its entry.
 *
 * The document's status machine (server/kernel/status-machine.ts, ONE table per document type) names
 * the document, its statuses and the action, so every entry reads alike:
 *   销售订单 SO202611240001 提交：草稿 → 待发货，金额 ￥1,234.00
 */
export interface DocumentMachine<A extends string> {
  label: string;
  statuses: Dict;
  actions: Record<A, { label: string }>;
}

export interface DocumentChange {
  /** The document type's code (salesOrder, deliverOrder …), the entry's 对象类型. */
  type: string;
  id: number;
  no: string;
  from: number;
  to: number;
  /** The document's total amount, where it has one. */
  total?: string | null;
  /** Why, when another action caused it (随销售订单 SO… 取消). */
  note?: string;
}

/** Actions that take a document back (取消/作废/红冲/驳回/未成交); every other recorded action posts it. */
const REVERSING = new Set(["cancel", "void", "reverse", "reject", "noDeal"]);

export function documentAuditAction(action: string): AuditAction {
  return REVERSING.has(action) ? "documentReverse" : "documentPost";
}

/** The actor's fields; a context made inside the server (a seed's) may lack the login name, which is then read. */
async function actorWithName(tx: Executor, ctx: AuditActor) {
  const actor = actorOf(ctx);
  if (actor.userName || !ctx.userId) return actor;
  const res = (await tx.execute(sql`select username from users where id = ${ctx.userId}`)) as unknown;
  return { ...actor, userName: rows<{ username?: string }>(res)[0]?.username ?? "" };
}

/** Records one status change of a document, in the caller's transaction `tx`. */
export async function recordDocumentChange<A extends string>(
  tx: Executor,
  ctx: AuditActor,
  machine: DocumentMachine<A>,
  action: A,
  doc: DocumentChange,
): Promise<void> {
  const fromName = labelOf(machine.statuses, doc.from);
  const toName = labelOf(machine.statuses, doc.to);
  const hasTotal = doc.total !== undefined && doc.total !== null;
  const summary =
    `${machine.label} ${doc.no} ${machine.actions[action].label}：${fromName} → ${toName}` +
    (hasTotal ? `，金额 ${formatMoney(doc.total!)}` : "") +
    (doc.note ? `（${doc.note}）` : "");
  await recordAudit(
    {
      ...(await actorWithName(tx, ctx)),
      action: documentAuditAction(action),
      targetType: doc.type,
      targetId: doc.id,
      summary,
      before: { no: doc.no, status: doc.from, statusName: fromName },
      after: { no: doc.no, status: doc.to, statusName: toName, ...(hasTotal ? { totalAmount: doc.total } : {}) },
    },
    tx,
  );
}
