import { json } from "@remix-run/node";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { isDomainError, STATUS_OF } from "../lib/errors";
import { parseId } from "../lib/ids";
import { amountBlock, companyHeader, moneyText, type PrintSheetData } from "../print/print-sheet";
import { partnerStatement, type Statement } from "./statement.service";

/**
 * /print/statement?partnerId=…&from=…&to=… — the statement of account (对账单) on A4 in the
 * layout of the other print sheets: the opening balance, each entry with its running balance,
 * the period's totals and the closing balance (in capitals), the ageing, signature lines for
 * both sides. Needs 对账单 (CWGL-001); another company's partner is 不存在.
 */
export function statementSheet(s: Statement, company: PrintSheetData["company"]): PrintSheetData {
  const latest = s.confirmations[0];
  return {
    title: "对账单",
    company,
    no: `DZ-${s.partner.id}-${s.from.replace(/-/g, "")}-${s.to.replace(/-/g, "")}`,
    date: s.today,
    statusLabel: latest ? `${latest.statusName}（${latest.periodFrom} 至 ${latest.periodTo}）` : "未发送",
    fields: [
      { label: s.partner.rel === 1 ? "客户" : "供应商", value: s.partner.name },
      { label: "对账期间", value: `${s.from} 至 ${s.to}` },
      { label: "付款条件", value: s.partner.paymentTermName },
      { label: "期初余额", value: `￥${moneyText(s.opening)}` },
      { label: "期末余额", value: `￥${moneyText(s.closing)}` },
      ...s.ageing.buckets.map((b) => ({ label: `账龄 ${b.label}`, value: `￥${moneyText(b.amount)}` })),
    ],
    columns: [
      { key: "entryDate", label: "日期" },
      { key: "typeLabel", label: "业务类型" },
      { key: "docNo", label: "单号" },
      { key: "increase", label: s.partner.rel === 1 ? "应收增加" : "应付增加", align: "right" },
      { key: "decrease", label: s.partner.rel === 1 ? "应收减少" : "应付减少", align: "right" },
      { key: "balance", label: "余额", align: "right" },
    ],
    rows: [
      { entryDate: s.from, typeLabel: "期初余额", docNo: "", increase: "", decrease: "", balance: moneyText(s.opening) },
      ...s.lines.map((l) => ({
        entryDate: l.entryDate,
        typeLabel: l.typeLabel,
        docNo: l.docNo,
        increase: moneyText(l.increase),
        decrease: moneyText(l.decrease),
        balance: moneyText(l.balance),
      })),
    ],
    totals: { increase: moneyText(s.totalIncrease), decrease: moneyText(s.totalDecrease), balance: moneyText(s.closing) },
    amount: amountBlock(s.closing),
    remark: "请核对以上往来明细，如无异议请签字盖章确认；如有异议请注明。",
    signatures: ["制表", "审核", "对方确认（签章）", "日期"],
  };
}

export async function loadStatementPrintSheet(request: Request): Promise<PrintSheetData> {
  const ctx: Ctx = await requirePage(request, "CWGL-001");
  const params = new URL(request.url).searchParams;
  const partnerId = parseId(params.get("partnerId"));
  if (partnerId === null) throw json({ message: "往来单位不存在" }, { status: 404 });
  try {
    const s = await partnerStatement(ctx, { partnerId, from: params.get("from") || null, to: params.get("to") || null });
    return statementSheet(s, await companyHeader(ctx));
  } catch (e) {
    if (isDomainError(e)) throw json({ message: e.message }, { status: STATUS_OF[e.code] });
    throw e;
  }
}
