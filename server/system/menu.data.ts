/**
 * The platform's menu tree: area → group → page, plus action entries (permission codes that
 * are not navigation items, e.g. XSGL-004 销售开单). Seeded into `menus`; every route of
 * spec 000 §2 appears once. `p` marks entries only the platform operator's roles may hold.
 */
export interface MenuSeed {
  code: string;
  name: string;
  icon?: string;
  url?: string;
  action?: boolean;
  p?: boolean;
  children?: MenuSeed[];
}

const page = (code: string, name: string, url: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  code,
  name,
  url,
  ...extra,
});
const action = (code: string, name: string, url?: string): MenuSeed => ({ code, name, url, action: true });

export const MENU_TREE: MenuSeed[] = [
  {
    code: "XSGL",
    name: "销售管理",
    icon: "sale",
    children: [
      {
        code: "XSGL-G1",
        name: "销售业务",
        children: [
          page("XSGL-001", "销售订单", "/sale/order"),
          page("XSGL-002", "销售执行", "/sale/execute"),
          page("XSGL-003", "销售退货", "/sale/returnOrder"),
          action("XSGL-004", "销售开单", "/sale/orderCreate"),
          action("XSGL-005", "销售退货开单", "/sale/returnOrderCreate"),
        ],
      },
      {
        code: "XSGL-G2",
        name: "发货管理",
        children: [
          page("XSGL-006", "拣货单", "/sale/picking"),
          page("XSGL-007", "发货单", "/sale/deliver"),
          page("XSGL-008", "发货清单", "/sale/shippingList"),
          page("XSGL-009", "扫码发货", "/scan/delivery"),
          // The warehouse's step of a sales return: approved returns confirmed into stock.
          page("XSGL-010", "退货入库", "/sale/returnInbound"),
        ],
      },
    ],
  },
  {
    code: "CGGL",
    name: "采购管理",
    icon: "purchase",
    children: [
      {
        code: "CGGL-G1",
        name: "采购业务",
        children: [
          page("CGGL-001", "采购订单", "/purchase/order"),
          page("CGGL-002", "采购执行", "/purchase/execute"),
          page("CGGL-003", "采购退货", "/purchase/returnOrder"),
          action("CGGL-004", "采购开单", "/purchase/orderCreate"),
          action("CGGL-005", "采购退货开单", "/purchase/returnOrderCreate"),
          page("CGGL-006", "紧急采购", "/purchase/urgent"),
        ],
      },
      {
        code: "CGGL-G2",
        name: "采购计划",
        children: [page("CGGL-007", "我的采购计划", "/purchase/plan/my"), page("CGGL-008", "进销存视图", "/purchase/plan/pssView")],
      },
      {
        code: "CGGL-G3",
        name: "收货管理",
        children: [page("CGGL-009", "收货单", "/purchase/receive"), page("CGGL-010", "上架单", "/purchase/pickingIn")],
      },
    ],
  },
  {
    code: "XQGL",
    name: "需求管理",
    icon: "demand",
    children: [
      {
        code: "XQGL-G1",
        name: "需求订单",
        children: [
          page("XQGL-001", "需求订单", "/requirement/order"),
          page("XQGL-002", "需求采购", "/requirement/purchase"),
          page("XQGL-003", "集采订单", "/requirement/jcorder"),
          page("XQGL-004", "集采退货单", "/requirement/jcReturnOrder"),
        ],
      },
      {
        code: "XQGL-G2",
        name: "需求审批",
        children: [
          page("XQGL-005", "需求审批", "/demand/approval"),
          page("XQGL-006", "需求发布", "/demand/requirement"),
          page("XQGL-007", "退货审批", "/demand/returnOrder/approval"),
        ],
      },
      {
        code: "XQGL-G3",
        name: "推广中心",
        children: [
          page("XQGL-008", "广告推广", "/demand/promotion/advert"),
          page("XQGL-009", "特价推广", "/demand/promotion/bargain"),
          page("XQGL-010", "预售中心", "/central/preSale"),
        ],
      },
    ],
  },
  {
    code: "CPGL",
    name: "产品管理",
    icon: "product",
    children: [
      {
        code: "CPGL-G1",
        name: "产品资料",
        children: [
          page("CPGL-001", "我的产品", "/product/list"),
          page("CPGL-002", "产品价格", "/product/priceSetting"),
          page("CPGL-003", "已发布产品", "/product/publish"),
        ],
      },
      {
        code: "CPGL-G2",
        name: "数据共享",
        children: [page("CPGL-004", "电商共享", "/share/eCommerce"), page("CPGL-005", "授权管理", "/share/permission")],
      },
    ],
  },
  {
    code: "CKGL",
    name: "仓库管理",
    icon: "warehouse",
    children: [
      {
        code: "CKGL-G1",
        name: "库存",
        children: [
          page("CKGL-001", "库存余额", "/warehouse/goods"),
          page("CKGL-002", "锁定库存", "/warehouse/locked"),
          page("CKGL-003", "安全库存", "/warehouse/safe"),
          page("CKGL-004", "库存盘点", "/warehouse/inventory"),
          page("CKGL-005", "库存调拨", "/warehouse/allocation"),
        ],
      },
      {
        code: "CKGL-G2",
        name: "库位管理",
        children: [
          page("CKGL-006", "库位管理", "/warehouse/manage/stock"),
          page("CKGL-007", "默认库位", "/warehouse/manage/relation"),
          page("CKGL-008", "库位检索", "/warehouse/manage/retrieve"),
        ],
      },
      {
        code: "CKGL-G3",
        name: "物流",
        children: [page("CKGL-009", "物流信息", "/warehouse/logistic")],
      },
    ],
  },
  {
    code: "CWGL",
    name: "财务管理",
    icon: "finance",
    children: [
      {
        code: "CWGL-G1",
        name: "对账",
        children: [
          page("CWGL-001", "对账单", "/accounting/reconciliation"),
          // Separation of duties (issue 20): what the 经理 (or a finance role) holds, not sales.
          action("CWGL-002", "信用额度"),
          action("CWGL-003", "付款单"),
          action("CWGL-004", "作废收付款"),
        ],
      },
    ],
  },
  {
    code: "TJBB",
    name: "统计报表",
    icon: "report",
    children: [
      {
        code: "TJBB-G1",
        name: "销售报表",
        children: [
          page("TJBB-001", "销售明细", "/statements/sale/report"),
          page("TJBB-002", "销售退货明细", "/statements/sale/return"),
          page("TJBB-003", "销售排行", "/statements/sale/rank"),
          page("TJBB-004", "退货排行", "/statements/sale/returnRank"),
          page("TJBB-005", "业务员销售", "/statements/sale/salesman"),
          page("TJBB-006", "低价销售报表", "/statements/sale/loss"),
        ],
      },
      {
        code: "TJBB-G2",
        name: "采购报表",
        children: [page("TJBB-007", "采购明细", "/statements/purchase/report")],
      },
      {
        code: "TJBB-G3",
        name: "库存报表",
        children: [
          page("TJBB-008", "库龄报表", "/statements/stock/age"),
          page("TJBB-009", "批次库存", "/statements/stock/batch"),
          page("TJBB-010", "库存流水", "/statements/stock/flow"),
          page("TJBB-011", "成本流水", "/statements/stock/flow/cost"),
        ],
      },
      {
        code: "TJBB-G4",
        name: "综合视图",
        children: [
          page("TJBB-012", "进销存报表", "/statements/view/pss"),
          page("TJBB-013", "业务员开单", "/statements/view/salesman"),
          page("TJBB-014", "客户销售", "/statements/view/customer/sales"),
          page("TJBB-015", "供应商采购", "/statements/view/supplier/purchase"),
        ],
      },
    ],
  },
  {
    code: "ZZGL",
    name: "组织管理",
    icon: "organization",
    children: [
      {
        code: "ZZGL-G1",
        name: "公司",
        children: [
          page("ZZGL-001", "公司信息", "/organization/company/info"),
          page("ZZGL-002", "公司地址", "/organization/company/address"),
          page("ZZGL-003", "银行账户", "/organization/company/bankAccount"),
        ],
      },
      {
        code: "ZZGL-G2",
        name: "人员",
        children: [
          page("ZZGL-004", "部门", "/organization/department"),
          page("ZZGL-005", "职位", "/organization/position"),
          page("ZZGL-006", "员工", "/organization/employee"),
        ],
      },
      {
        code: "ZZGL-G3",
        name: "往来单位",
        children: [page("ZZGL-007", "往来单位", "/organization/partner"), page("ZZGL-008", "保险公司", "/organization/insurance")],
      },
    ],
  },
  {
    code: "XTGL",
    name: "系统管理",
    icon: "system",
    children: [
      {
        code: "XTGL-G1",
        name: "权限管理",
        children: [
          page("XTGL-001", "用户管理", "/system/permissions/user"),
          page("XTGL-002", "角色管理", "/system/permissions/role"),
          page("XTGL-003", "在线用户", "/system/permissions/online"),
          page("XTGL-004", "操作日志", "/system/permissions/log"),
        ],
      },
      {
        code: "XTGL-G2",
        name: "系统设置",
        children: [
          page("XTGL-005", "系统设置", "/system/setting"),
          page("XTGL-006", "参数设置", "/system/setting/params"),
          page("XTGL-007", "编码规则", "/system/setting/code"),
          page("XTGL-008", "银行设置", "/system/setting/bank"),
          page("XTGL-009", "付款方式", "/system/setting/payment"),
          // A company's own sales regions (not platform data): under 系统设置, which companies hold.
          page("XTGL-021", "商圈", "/system/basic/businessArea"),
          page("XTGL-010", "定时任务", "/system/setting/schedule", { p: true }),
          page("XTGL-011", "消息事件", "/system/setting/message/event", { p: true }),
          page("XTGL-012", "消息模板", "/system/setting/message/template", { p: true }),
          page("XTGL-013", "业务编码", "/system/businessCode"),
          page("XTGL-014", "导入任务", "/system/importTask"),
          // A company's own files (pictures of parts, scanned receipts), not platform data: under 系统设置, which companies hold.
          page("XTGL-025", "附件管理", "/system/attachment"),
        ],
      },
      {
        code: "XTGL-G3",
        name: "平台配置",
        p: true,
        children: [
          page("XTGL-015", "菜单配置", "/system/configure/menu", { p: true }),
          page("XTGL-016", "公告管理", "/system/configure/publicAnnouncement", { p: true }),
          page("XTGL-017", "数据字典", "/system/dictionary/dictType", { p: true }),
          page("XTGL-018", "公司档案", "/system/archives/company", { p: true }),
          page("XTGL-019", "物流档案", "/system/archives/logistics", { p: true }),
          page("XTGL-020", "行政区域", "/system/basic/adminArea", { p: true }),
          page("XTGL-022", "展会管理", "/system/portal/exhibition", { p: true }),
          page("XTGL-023", "店铺管理", "/system/portal/store", { p: true }),
          page("XTGL-024", "电商平台", "/system/eCommerce", { p: true }),
          page("XTGL-026", "Excel模板", "/system/excelTemplateFile", { p: true }),
        ],
      },
      {
        code: "XTGL-G4",
        name: "产品基础资料",
        p: true,
        children: [
          page("XTGL-031", "品牌", "/system/product/brand", { p: true }),
          page("XTGL-032", "产品分类", "/system/product/category", { p: true }),
          page("XTGL-033", "OE号", "/system/product/oe", { p: true }),
          page("XTGL-034", "部位", "/system/product/position", { p: true }),
          page("XTGL-035", "产地", "/system/product/producingArea", { p: true }),
          page("XTGL-036", "品质", "/system/product/quality", { p: true }),
          page("XTGL-037", "规格", "/system/product/specification", { p: true }),
          page("XTGL-038", "公库产品", "/system/product/template", { p: true }),
          page("XTGL-039", "单位", "/system/product/unit", { p: true }),
        ],
      },
      {
        code: "XTGL-G5",
        name: "车型基础资料",
        p: true,
        children: [
          page("XTGL-041", "车系分组", "/system/vehicle/group", { p: true }),
          page("XTGL-042", "汽车品牌", "/system/vehicle/make", { p: true }),
          page("XTGL-043", "汽车厂商", "/system/vehicle/mfr", { p: true }),
          page("XTGL-044", "车型", "/system/vehicle/model", { p: true }),
          page("XTGL-045", "车辆", "/system/vehicle/list", { p: true }),
        ],
      },
    ],
  },
];

/** Codes each company role template holds, by area or single code prefix. */
export const ROLE_GRANTS: Record<string, (code: string) => boolean> = {
  manager: () => true,
  sales: (c) =>
    c.startsWith("XSGL") ||
    // Approving credit and returns (需求审批, 退货审批) is the manager's.
    (c.startsWith("XQGL") && c !== "XQGL-005" && c !== "XQGL-007") ||
    c.startsWith("CPGL") ||
    ["CKGL", "CKGL-G1", "CKGL-001", "CKGL-002", "CWGL", "CWGL-G1", "CWGL-001"].includes(c) ||
    ["TJBB", "TJBB-G1", "TJBB-G4"].includes(c) ||
    /^TJBB-0(0[1-6]|1[2-4])$/.test(c) ||
    ["ZZGL", "ZZGL-G3", "ZZGL-007", "ZZGL-008"].includes(c),
  purchasing: (c) =>
    c.startsWith("CGGL") ||
    c.startsWith("CPGL") ||
    ["XQGL", "XQGL-G1", "XQGL-001", "XQGL-002", "XQGL-003", "XQGL-004"].includes(c) ||
    ["CKGL", "CKGL-G1", "CKGL-001", "CKGL-002", "CKGL-003"].includes(c) ||
    ["TJBB", "TJBB-G2", "TJBB-G3", "TJBB-G4", "TJBB-007", "TJBB-008", "TJBB-009", "TJBB-010", "TJBB-012", "TJBB-015"].includes(c) ||
    ["ZZGL", "ZZGL-G3", "ZZGL-007"].includes(c),
  warehouse: (c) =>
    c.startsWith("CKGL") ||
    ["XSGL", "XSGL-G2", "XSGL-006", "XSGL-007", "XSGL-008", "XSGL-009", "XSGL-010"].includes(c) ||
    ["CGGL", "CGGL-G3", "CGGL-009", "CGGL-010"].includes(c) ||
    ["CPGL", "CPGL-G1", "CPGL-001"].includes(c) ||
    ["TJBB", "TJBB-G3", "TJBB-008", "TJBB-009", "TJBB-010"].includes(c),
};
