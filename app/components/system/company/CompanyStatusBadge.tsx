import { companyStatusName } from "#server/system/company-admin.input";

/** Text and background of each status, dark enough to read (WCAG AA on its tint). */
const STYLE: Record<number, { color: string; background: string }> = {
  0: { color: "#495057", background: "#f1f3f5" },
  1: { color: "#1f6b30", background: "#ebfbee" },
  2: { color: "#b02525", background: "#fff5f5" },
};

/** 未上线 / 已上线 / 已关闭 (spec 000 §4). */
export function CompanyStatusBadge({ status }: { status: number }) {
  return (
    <span
      data-testid="company-status-badge"
      style={{
        ...(STYLE[status] ?? STYLE[0]),
        display: "inline-block",
        padding: "1px 8px",
        borderRadius: 10,
        fontSize: 12,
        fontWeight: 500,
        lineHeight: "18px",
      }}
    >
      {companyStatusName(status)}
    </span>
  );
}
