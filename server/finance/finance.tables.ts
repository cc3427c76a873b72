import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { enterpriseRelations } from "../organization/organization.tables";
import { documentColumns } from "../stock/document.columns";
import { moneyColumn } from "../stock/stock.tables";
import { companies, users } from "../kernel/identity.tables";

/**
 * What customers owe us and what we owe suppliers (往来账). One account row per partner holds
 * the running balance and is the lock every write to that partner's money takes (so a credit
 * check and the order it admits, or two receipts, never race). Entries are append-only: each
 * confirmed delivery, sales return, receiving note, purchase return, receipt and payment posts
 * exactly one (unique per document); a reversal posts its own (docType …Back).
 *
 * Sign: `balance` > 0 means the partner owes us (a customer's receivable) for rel 1, and we owe
 * the partner (a supplier's payable) for rel 0. Entry amounts are signed changes of it:
 * a delivery +, a sales return −, a receipt −; a receiving note +, a purchase return −, a payment −.
 */
const owner = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "restrict" });
const partner = () =>
  integer("partner_id")
    .notNull()
    .references(() => enterpriseRelations.id, { onDelete: "restrict" });

export const partnerAccounts = pgTable(
  "partner_accounts",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    partnerId: partner(),
    balance: moneyColumn("balance").notNull().default("0"),
    /** Customers: Σ amount of submitted sales orders not yet delivered (counts against the credit limit). */
    openOrderAmount: moneyColumn("open_order_amount").notNull().default("0"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("partner_accounts_partner_uq").on(t.companyId, t.partnerId)],
);

export const partnerAccountEntries = pgTable(
  "partner_account_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: owner(),
    partnerId: partner(),
    /** deliverOrder, salesReturnOrder, receiveOrder, purchaseReturnOrder, receipt, payment, opening, …Back. */
    docType: text("doc_type").notNull(),
    docId: integer("doc_id").notNull(),
    docNo: text("doc_no").notNull(),
    /** The business date in the company's time zone (statements and ageing use it). */
    entryDate: date("entry_date").notNull(),
    /** When it falls due by the partner's payment terms (documents only). */
    dueDate: date("due_date"),
    /** Signed change of the partner's balance. */
    amount: moneyColumn("amount").notNull(),
    /**
     * Documents: how much of it is settled, signed like `amount`. An increase (a delivery, a
     * receiving note) is settled by receipts or payments (partner_payment_allocations) and by
     * credits (partner_credit_allocations); a credit (a sales or purchase return) by what it
     * has settled of the partner's increases (negative).
     */
    settledAmount: moneyColumn("settled_amount").notNull().default("0"),
    balanceAfter: moneyColumn("balance_after").notNull(),
    remark: text("remark"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    creationTime: timestamp("creation_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("partner_account_entries_doc_uq").on(t.companyId, t.docType, t.docId),
    index("partner_account_entries_partner_idx").on(t.companyId, t.partnerId, t.entryDate, t.id),
    index("partner_account_entries_open_idx")
      .on(t.companyId, t.partnerId, t.id)
      .where(sql`${t.amount} > ${t.settledAmount} and ${t.amount} > 0`),
    // Open credits (returns not used up), read on every posting for the partner: a few rows, not all of its entries.
    index("partner_account_entries_credit_idx")
      .on(t.companyId, t.partnerId, t.id)
      .where(sql`${t.amount} < ${t.settledAmount} and ${t.amount} < 0`),
  ],
);

/** Payment methods (付款方式, /system/setting/payment; GET /api/app/payment → items id, name). */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    isEnabled: boolean("is_enabled").notNull().default(true),
    creationTime: timestamp("creation_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_methods_name_uq").on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * Receipts (收款, kind 1, from customers) and payments (付款, kind 2, to suppliers):
 * 0 草稿, 100 已确认 (posted to the account and allocated), 90 已作废 (a confirmed one reversed).
 * `requestKey` makes a double-submitted form create one row.
 */
export const partnerPayments = pgTable(
  "partner_payments",
  {
    ...documentColumns(),
    kind: smallint("kind").notNull(),
    partnerId: partner(),
    paymentMethodId: integer("payment_method_id").references(() => paymentMethods.id, { onDelete: "restrict" }),
    amount: moneyColumn("amount").notNull(),
    /** What allocations have not used (an advance / prepayment). */
    unallocatedAmount: moneyColumn("unallocated_amount").notNull().default("0"),
    paidOn: date("paid_on").notNull(),
    requestKey: text("request_key"),
  },
  (t) => [
    uniqueIndex("partner_payments_no_uq").on(t.companyId, t.no),
    index("partner_payments_no_trgm_idx").using("gin", t.no.op("gin_trgm_ops")),
    uniqueIndex("partner_payments_request_uq").on(t.companyId, t.requestKey),
    index("partner_payments_company_id_idx").on(t.companyId, t.kind, t.id),
    index("partner_payments_partner_idx").on(t.companyId, t.partnerId, t.id),
    check("partner_payments_amount_pos", sql`${t.amount} > 0`),
  ],
);

export const partnerPaymentAllocations = pgTable(
  "partner_payment_allocations",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => partnerPayments.id, { onDelete: "cascade" }),
    entryId: integer("entry_id").notNull(),
    amount: moneyColumn("amount").notNull(),
  },
  (t) => [index("partner_payment_allocations_payment_idx").on(t.paymentId), index("partner_payment_allocations_entry_idx").on(t.companyId, t.entryId)],
);

/**
 * A credit (a sales or purchase return, a negative opening: an entry that lowers the balance and
 * is not a receipt or payment) settling a document the partner owes (an increase), oldest first,
 * like an advance does: the credit's settledAmount goes down by `amount`, the document's up.
 */
export const partnerCreditAllocations = pgTable(
  "partner_credit_allocations",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    creditEntryId: bigint("credit_entry_id", { mode: "number" })
      .notNull()
      .references(() => partnerAccountEntries.id, { onDelete: "cascade" }),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => partnerAccountEntries.id, { onDelete: "cascade" }),
    amount: moneyColumn("amount").notNull(),
  },
  (t) => [
    index("partner_credit_allocations_credit_idx").on(t.companyId, t.creditEntryId),
    index("partner_credit_allocations_entry_idx").on(t.companyId, t.entryId),
    check("partner_credit_allocations_amount_pos", sql`${t.amount} > 0`),
  ],
);

/** A statement of account sent to a partner and its confirmation (spec §7 statements and bill confirmation). */
export const statementConfirmations = pgTable(
  "statement_confirmations",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    partnerId: partner(),
    periodFrom: date("period_from").notNull(),
    periodTo: date("period_to").notNull(),
    openingBalance: moneyColumn("opening_balance").notNull(),
    closingBalance: moneyColumn("closing_balance").notNull(),
    /** 0 未确认 (sent), 1 已确认, 2 有异议. */
    status: smallint("status").notNull().default(0),
    comment: text("comment"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    creationTime: timestamp("creation_time", { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [index("statement_confirmations_partner_idx").on(t.companyId, t.partnerId, t.periodTo)],
);
