import { equals, keywordOn } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { LogisticsCompanyInputSchema } from "./logistics.input";
import { deliverOrders, logisticsCompanies } from "./sale.tables";
import { carrierByName } from "../reference/logistics-carrier.resource";

/** 物流公司 (/warehouse/logistic, CKGL-009): master data the delivery notes pick from. */
export const logisticsCompanyResource = defineResource({
  name: "logisticsCompany",
  label: "物流公司",
  pageName: "物流信息",
  pageUrl: "/warehouse/logistic",
  writeCode: "CKGL-009",
  // Chosen on delivery notes and shown on the shipping list.
  readCodes: ["CKGL-009", "XSGL-007", "XSGL-008", "XSGL-009"],
  scope: "company",
  table: logisticsCompanies,
  sortable: { creationTime: logisticsCompanies.id, name: logisticsCompanies.name },
  defaultSort: { field: "creationTime", dir: "asc" },
  filters: { isEnabled: equals(logisticsCompanies.isEnabled, "bool") },
  keyword: keywordOn(logisticsCompanies.name, logisticsCompanies.code, logisticsCompanies.contactPhone),
  input: LogisticsCompanyInputSchema,
  usedBy: [{ table: deliverOrders, column: deliverOrders.logisticsCompanyId, label: "发货单" }],
  unique: { logistics_companies_name_uq: ["name", "物流公司名称已存在"] },
  exportAs: { isEnabled: (r) => (r.isEnabled ? "启用" : "停用") },
  // Named like a carrier of the platform's 物流档案 and without a tracking page or phone of its own: the carrier's.
  toValues: async (data: Record<string, unknown>, _ctx, ex) => {
    if (typeof data.name !== "string" || (data.trackingUrl && data.contactPhone)) return data;
    const carrier = await carrierByName(data.name, ex);
    if (!carrier) return data;
    return { ...data, trackingUrl: data.trackingUrl || carrier.trackingUrl, contactPhone: data.contactPhone || carrier.servicePhone };
  },
});
