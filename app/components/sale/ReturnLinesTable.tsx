import { formatMoneyText } from "#server/lib/decimal-text";
import type { SalesReturnView } from "#server/sale/sales-return.service";
import type { SerializeFrom } from "@remix-run/node";
import { qtyText } from "~/components/documents/DocumentActionButton";
import po from "~/components/purchase/purchase.module.css";

/** A sales return's lines, read-only (the return's page after submit, the approval page). */
export function ReturnLinesTable({ doc }: { doc: SerializeFrom<SalesReturnView> }) {
  return (
    <table className={po.table} data-testid="sr-lines">
      <caption className="visually-hidden">退货明细</caption>
      <thead>
        <tr>
          <th scope="col">序号</th>
          <th scope="col">产品编码</th>
          <th scope="col">产品名称</th>
          <th scope="col">发货单</th>
          <th scope="col">批次</th>
          <th scope="col" className={po.num}>数量</th>
          <th scope="col" className={po.num}>单价</th>
          <th scope="col" className={po.num}>金额</th>
          <th scope="col">退货原因</th>
          <th scope="col">备注</th>
        </tr>
      </thead>
      <tbody>
        {doc.lines.map((l) => (
          <tr key={l.id}>
            <td>{l.lineNo}</td>
            <td>{l.mainOE}</td>
            <td>{l.productName}</td>
            <td>{l.deliverOrderNo ?? "—"}</td>
            <td>{l.batchNo || "—"}</td>
            <td className={po.num}>{qtyText(l.qty)}</td>
            <td className={po.num}>{formatMoneyText(l.price)}</td>
            <td className={po.num}>{formatMoneyText(l.amount)}</td>
            <td>{l.reasonName}</td>
            <td>{l.remark ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
