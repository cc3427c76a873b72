/** Switches of the statement reports (client-safe: the pages' filter selects use them too). */
export const RANK_MODES = [
  ["product", "按产品"],
  ["customer", "按客户"],
] as const;
export const RETURN_RANK_MODES = [...RANK_MODES, ["reason", "按原因"]] as const;
export const LOSS_KINDS = [
  ["order", "销售订单"],
  ["deliver", "发货单"],
] as const;
