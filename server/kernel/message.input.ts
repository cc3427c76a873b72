import * as z from "zod";

/** 消息模板 (/system/setting/message/template): the form's fields, labels and messages. */
export const MESSAGE_TEXT = {
  title: "标题模板",
  body: "内容模板",
  titleRequired: "请填写标题模板",
  bodyRequired: "请填写内容模板",
  titleTooLong: "标题模板不能超过 100 个字",
  bodyTooLong: "内容模板不能超过 1000 个字",
  missing: "消息事件不存在",
  notificationMissing: "消息不存在",
} as const;

export const TITLE_MAX = 100;
export const BODY_MAX = 1000;

const text = (required: string, tooLong: string, max: number) =>
  z.preprocess((v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : v), z.string({ error: required }).min(1, required).max(max, tooLong));

export const MessageTemplateInputSchema = z.object({
  title: text(MESSAGE_TEXT.titleRequired, MESSAGE_TEXT.titleTooLong, TITLE_MAX).meta({ label: MESSAGE_TEXT.title }),
  body: text(MESSAGE_TEXT.bodyRequired, MESSAGE_TEXT.bodyTooLong, BODY_MAX).meta({ label: MESSAGE_TEXT.body }),
});
export type MessageTemplateInput = z.infer<typeof MessageTemplateInputSchema>;
