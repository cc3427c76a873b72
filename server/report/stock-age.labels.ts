/** The 库龄 buckets' keys and labels (client-safe: the report page's columns and server/report/stock-age.ts). */
export const AGE_BUCKET_LABELS = [
  ["b0", "0–30天"],
  ["b1", "31–60天"],
  ["b2", "61–90天"],
  ["b3", "91–180天"],
  ["b4", "180天以上"],
] as const;
