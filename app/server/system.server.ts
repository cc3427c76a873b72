/**
 * The routes' door to the server for system administration: users, roles, menus, companies, numbering, notifications, dictionaries, areas, attachments, the scheduler. The `.server` suffix keeps it out of the
 * browser: the Remix Vite build drops loaders and actions from browser code and fails if anything
 * left there still imports a `.server` module. Browser-safe modules (zod inputs, status labels)
 * are imported from their server/ files directly.
 */
export * from "../../server/system/profile.service";
export * from "../../server/system/abp-profile";
export * from "../../server/system/identity-read.service";
export * from "../../server/system/role-admin.service";
export * from "../../server/system/menu-admin.service";
export * from "../../server/system/user-admin.service";
export * from "../../server/system/company-admin.service";
export * from "../../server/system/abp-identity-write";
export * from "../../server/kernel/numbering";
export * from "../../server/reference/admin-area.service";
export * from "../../server/system/business-area.service";
export * from "../../server/system/scheduler.service";
export * from "../../server/system/business-area.page";
export * from "../../server/system/admin-area.page";
export * from "../../server/system/attachment.service";
export * from "../../server/system/message.service";
export * from "../../server/kernel/notify";
export * from "../../server/reference/dictionary.service";
export * from "../../server/system/bank.page";
export { carrierNameSuggestions } from "../../server/system/logistics-carrier.page";
export { ensureDictionaryLabels } from "../../server/reference/dictionary-labels.service";
export { appliedLabelOverrides } from "../../server/reference/dictionary.labels";
