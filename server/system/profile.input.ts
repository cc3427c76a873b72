import * as z from "zod";
import { t } from "../lib/i18n/zh-CN";

export const ProfileSchema = z.object({
  name: z.string({ error: t.profile.nameRequired }).trim().min(1, t.profile.nameRequired).max(32, t.profile.nameTooLong).meta({ label: t.profile.name }),
  phone: z
    .string()
    .trim()
    .max(11, t.profile.phoneInvalid)
    .regex(/^1[3-9]\d{9}$/, t.profile.phoneInvalid)
    .optional()
    .or(z.literal("").transform(() => undefined))
    .meta({ label: t.profile.phone }),
});

export const ChangePasswordSchema = z
  .object({
    oldPassword: z.string({ error: t.profile.oldRequired }).min(1, t.profile.oldRequired).max(256).meta({ label: t.profile.oldPassword }),
    newPassword: z.string({ error: t.profile.newRequired }).min(1, t.profile.newRequired).max(256).meta({ label: t.profile.newPassword }),
    confirmPassword: z.string({ error: t.profile.confirmMismatch }).max(256).meta({ label: t.profile.confirmPassword }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: t.profile.confirmMismatch,
    path: ["confirmPassword"],
  });

export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
