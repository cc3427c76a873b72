import * as z from "zod";
import { flag, requiredText, sortOrder } from "../lib/input-fields";

/** 付款方式 (/system/setting/payment): 现金, 银行转账, 微信, 支付宝 … */
export const PaymentMethodInputSchema = z.object({
  name: requiredText("付款方式名称", 30),
  sortOrder,
  isEnabled: flag(true),
});
