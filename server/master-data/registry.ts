import type { ResourceDef } from "../lib/resource";
import { brandResource, categoryResource, oeNumberResource, positionResource as productPositionResource, producingAreaResource, qualityResource, specificationResource, unitResource } from "../product/catalog.resources";
import { productPriceResource, productResource, productTemplateResource } from "../product/product.resources";
import { vehicleGroupResource, vehicleMakeResource, vehicleMfrResource, vehicleModelResource, vehicleResource } from "../vehicle/vehicle.resources";
import { addressResource, bankAccountResource, departmentResource, employeeResource, insuranceResource, partnerResource, positionResource } from "../organization/organization.resources";

/**
 * Every list resource of the JSON contract, by its API name (`/api/app/{name}`), and every
 * master-data page's resource by its page url.
 */
const ALL: ResourceDef<any>[] = [
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
];

const BY_NAME = new Map(ALL.map((d) => [d.name, d]));
const BY_PAGE = new Map([...ALL, productPriceResource].map((d) => [d.pageUrl, d]));

export const API_RESOURCES: readonly ResourceDef<any>[] = ALL;

/** The resource behind `/api/app/{name}`, or undefined (→ 404). Own-property lookup only. */
export function resourceByName(name: string | undefined): ResourceDef<any> | undefined {
  return name ? BY_NAME.get(name) : undefined;
}

export function resourceByPage(url: string): ResourceDef<any> {
  const def = resourceOfPage(url);
  if (!def) throw new Error(`no resource for page ${url}`);
  return def;
}

/** The resource behind a list page's url, or undefined for any other string (user input). */
export function resourceOfPage(url: string): ResourceDef<any> | undefined {
  return BY_PAGE.get(url);
}
