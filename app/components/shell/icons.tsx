import {
  IconBuildingWarehouse,
  IconChartBar,
  IconClipboardList,
  IconCoinYuan,
  IconPackage,
  IconSettings,
  IconShoppingBag,
  IconTruckDelivery,
  IconUsersGroup,
  IconCircleDot,
} from "@tabler/icons-react";

const AREA_ICONS: Record<string, typeof IconSettings> = {
  sale: IconShoppingBag,
  purchase: IconTruckDelivery,
  demand: IconClipboardList,
  product: IconPackage,
  warehouse: IconBuildingWarehouse,
  finance: IconCoinYuan,
  report: IconChartBar,
  organization: IconUsersGroup,
  system: IconSettings,
};

export function MenuIcon({ name, size = 18 }: { name: string | null; size?: number }) {
  const Icon = (name && AREA_ICONS[name]) || IconCircleDot;
  return <Icon size={size} stroke={1.7} aria-hidden />;
}
