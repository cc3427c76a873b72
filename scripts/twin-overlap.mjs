#!/usr/bin/env node
// `node scripts/twin-overlap.mjs`: how much of the sale and purchase counterparts is the same code
// once the side's words are renamed (销售/采购, customer/supplier, deliver/receive …). A pair is
// two files that do the same job for the two sides; a shared line is a code line (not blank, a
// comment, an import, lone punctuation or shorter than 16 characters) that stands in both, counted as often as both have it.
// Prints each pair's share and the whole: 2 × shared lines ÷ all lines of the pairs.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
/** Each side's candidates: the first that exists is the file (routes in flat or folder layout). */
const route = (name) => [`app/routes/_app+/${name}.tsx`, `app/routes/_app+/${name.replace(/^(sale|purchase)\./, "$1+/")}.tsx`];
const PAIRS = [
  ...["service", "page", "input", "resource", "status"].flatMap((k) => [
    [[`server/sale/sales-order.${k}.ts`], [`server/purchase/purchase-order.${k}.ts`]],
    [[`server/sale/sales-return.${k}.ts`], [`server/purchase/purchase-return.${k}.ts`]],
    [[`server/sale/deliver-order.${k}.ts`], [`server/purchase/receive-order.${k}.ts`]],
  ]),
  [["server/sale/sale-execute.resource.ts"], ["server/purchase/purchase-execute.resource.ts"]],
  [
    ["server/sale/sale.seed.ts", "server/seed/sale.seed.ts"],
    ["server/purchase/purchase.seed.ts", "server/seed/purchase.seed.ts"],
  ],
  [["app/components/sale/SalesOrderForm.tsx"], ["app/components/purchase/PurchaseOrderForm.tsx"]],
  [["app/components/sale/ReturnForm.tsx"], ["app/components/purchase/PurchaseReturnForm.tsx"]],
  ...[
    ["sale.order", "purchase.order"],
    ["sale.orderCreate", "purchase.orderCreate"],
    ["sale.order_.$id", "purchase.order_.$id"],
    ["sale.returnOrder", "purchase.returnOrder"],
    ["sale.returnOrderCreate", "purchase.returnOrderCreate"],
    ["sale.returnOrder_.$id", "purchase.returnOrder_.$id"],
    ["sale.deliver", "purchase.receive"],
    ["sale.deliver_.$id", "purchase.receive_.$id"],
    ["sale.execute", "purchase.execute"],
  ].map(([a, b]) => [route(a), route(b)]),
];

const WORDS = [
  [/purchase-return|sales-return/gi, "RETURN"],
  [/salesreturn|purchasereturn/gi, "RETURN"],
  [/sales|sale|purchase/gi, "SIDE"],
  [/customer|supplier/gi, "PARTNER"],
  [/deliver(y)?|receive|receiving|putaway/gi, "MOVE"],
  [/销售|采购/g, "甲"],
  [/客户|供应商/g, "乙"],
  [/发货|收货|出库|入库/g, "丙"],
  [/\b(so|po|sr|pr)\b/gi, "NO"],
];

function codeLines(file) {
  const lines = [];
  let inComment = false;
  for (let raw of fs.readFileSync(file, "utf8").split("\n")) {
    let line = raw.trim();
    if (inComment) {
      if (line.includes("*/")) inComment = false;
      continue;
    }
    if (line.startsWith("/*")) {
      if (!line.includes("*/")) inComment = true;
      continue;
    }
    if (!line || line.startsWith("//") || line.startsWith("*") || /^import\b/.test(line) || /^[\s{}()[\];,<>/]*$/.test(line)) continue;
    for (const [re, to] of WORDS) line = line.replace(re, to);
    line = line.replace(/\s+/g, " ");
    // Short lines (`return (`, `</Stack>`, `},`) stand in any two files; they are not a twin's mark.
    if (line.length >= 16) lines.push(line);
  }
  return lines;
}

function counts(lines) {
  const m = new Map();
  for (const l of lines) m.set(l, (m.get(l) ?? 0) + 1);
  return m;
}

let shared = 0;
let all = 0;
const rows = [];
for (const [as, bs] of PAIRS) {
  const a = as.find((f) => fs.existsSync(path.join(root, f)));
  const b = bs.find((f) => fs.existsSync(path.join(root, f)));
  if (!a || !b) {
    rows.push(`  (一方已不存在) ${as[0]} ~ ${bs[0]}`);
    continue;
  }
  const la = codeLines(path.join(root, a));
  const lb = codeLines(path.join(root, b));
  const cb = counts(lb);
  let s = 0;
  for (const [l, n] of counts(la)) s += Math.min(n, cb.get(l) ?? 0);
  shared += 2 * s;
  all += la.length + lb.length;
  rows.push(
    `  ${(((2 * s) / Math.max(1, la.length + lb.length)) * 100).toFixed(0).padStart(3)}%  ${String(2 * s).padStart(4)}/${String(la.length + lb.length).padEnd(4)} ${a} ~ ${b}`,
  );
}
console.log(rows.join("\n"));
console.log(`twin overlap: ${((shared / Math.max(1, all)) * 100).toFixed(1)}% of ${all} code lines in ${PAIRS.length} pairs`);
