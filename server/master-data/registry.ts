import type { ResourceDef } from "../lib/resource";
import { provideResourceRegistry } from "../resource/registry-slot";
import { DOCUMENT_TYPE_LIST } from "../documents/document-types";
import { shippingListResource } from "../sale/shipping-list.resource";
import { logisticsCompanyResource } from "../sale/logistics.resource";
import { partnerAccountResource } from "../finance/partner-account.resource";
import { paymentMethodResource } from "../finance/payment-method.resource";
import { salesReturnInboundResource } from "../sale/sales-return.resource";
import { returnApprovalResource } from "../sale/return-approval.resource";
import { safeStockResource } from "../stock/safe-stock.service";
import { auditLogResource } from "../system/audit-log.resource";
import { businessAreaResource } from "../system/business-area.resource";
import { bankResource } from "../system/bank.resource";
import { logisticsCarrierResource } from "../reference/logistics-carrier.resource";
import { purchasePssResource } from "../purchase/purchase-pss.resource";
import { creditApprovalResource } from "../sale/credit-approval.resource";
import { purchaseExecuteResource } from "../purchase/purchase-execute.resource";
import { saleExecuteResource } from "../sale/sale-execute.resource";
import { urgentPurchaseResource } from "../purchase/urgent-purchase.resource";
import {
  brandResource,
  categoryResource,
  oeNumberResource,
  positionResource as productPositionResource,
  producingAreaResource,
  qualityResource,
  specificationResource,
  unitResource,
} from "../product/catalog.resources";
import { productPriceResource, productResource, productTemplateResource } from "../product/product.resources";
import { vehicleGroupResource, vehicleMakeResource, vehicleMfrResource, vehicleModelResource, vehicleResource } from "../product/vehicle.resources";
import { locationResource, warehouseResource } from "../stock/warehouse.resources";
import { stockBatchResource, stockFlowCostResource, stockFlowResource, stockLockResource, stockResource } from "../stock/stock-views";
import {
  addressResource,
  bankAccountResource,
  departmentResource,
  employeeResource,
  insuranceResource,
  partnerResource,
  positionResource,
} from "../organization/organization.resources";

/**
 * Every list resource of the JSON contract, by its API name (`/api/app/{name}`), and every
 * master-data page's resource by its page url.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- one list of the resources of every row type */
const ALL: ResourceDef<any>[] = [
  // every document type's lists (server/documents/document-types.ts)
  ...DOCUMENT_TYPE_LIST.flatMap((d) => d.resources),
  creditApprovalResource,
  purchaseExecuteResource,
  saleExecuteResource,
  urgentPurchaseResource,
  returnApprovalResource,
  safeStockResource,
  purchasePssResource,
  productResource,
  productTemplateResource,
  brandResource,
  categoryResource,
  qualityResource,
  productPositionResource,
  unitResource,
  producingAreaResource,
  specificationResource,
  oeNumberResource,
  vehicleGroupResource,
  vehicleMakeResource,
  vehicleMfrResource,
  vehicleModelResource,
  vehicleResource,
  partnerResource,
  departmentResource,
  positionResource,
  employeeResource,
  insuranceResource,
  addressResource,
  bankAccountResource,
  // /warehouse/manage/stock lists locations (the page's resource: last of the two); warehouses are its side panel.
  warehouseResource,
  locationResource,
  stockResource,
  stockLockResource,
  stockFlowResource,
  stockFlowCostResource,
  stockBatchResource,
  shippingListResource,
  logisticsCompanyResource,
  paymentMethodResource,
  partnerAccountResource,
  auditLogResource,
  businessAreaResource,
  bankResource,
  logisticsCarrierResource,
];

const BY_NAME = new Map(ALL.map((d) => [d.name, d]));
// Pages over another resource's rows (prices of products, the warehouse's view of sales returns).
const BY_PAGE = new Map([...ALL, productPriceResource, salesReturnInboundResource].map((d) => [d.pageUrl, d]));

export const API_RESOURCES: readonly ResourceDef<any>[] = ALL;

/** Whether a resource is only read: stock balances, the ledger, progress and report lists. */
export function isReadOnlyList(def: ResourceDef<any>) {
  return !!(def.readOnly?.create && def.readOnly?.update && def.readOnly?.delete);
}

/**
 * The resources written row by row through the generic create/update/delete (master data). A
 * document is written only by its own service; a read-only list not at all.
 */
export const MASTER_DATA_RESOURCES: readonly ResourceDef<any>[] = ALL.filter((d) => !d.document && !isReadOnlyList(d));

/** The resource behind `/api/app/{name}`, or undefined (→ 404). Own-property lookup only. */
export function resourceByName(name: string | undefined): ResourceDef<any> | undefined {
  return name ? BY_NAME.get(name) : undefined;
}

/** The resource behind a list page's url, or undefined for any other string (user input). */
export function resourceOfPage(url: string): ResourceDef<any> | undefined {
  return BY_PAGE.get(url);
}

export { resourceByPage } from "../resource/registry-slot";

// The resource kit (server/resource/) finds resources through this registry from now on.
provideResourceRegistry({ byName: resourceByName, ofPage: resourceOfPage });
