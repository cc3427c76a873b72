import argon2 from "argon2";
import type { IdentityCode } from "../lib/i18n/zh-CN";

// OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, OPTIONS);
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against unknown usernames so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyVerify(plain: string) {
  dummyHash ??= hashPassword("x-unknown-user-" + Math.random());
  return dummyHash.then((h) => verifyPassword(h, plain));
}

/** The password rules of spec 000 §5, as their server error codes (empty when acceptable). */
export function passwordPolicyErrors(pw: string): IdentityCode[] {
  const errs: IdentityCode[] = [];
  if (pw.length < 6) errs.push("Identity.PasswordTooShort");
  if (!/[^A-Za-z0-9]/.test(pw)) errs.push("Identity.PasswordRequiresNonAlphanumeric");
  if (!/[a-z]/.test(pw)) errs.push("Identity.PasswordRequiresLower");
  if (!/[A-Z]/.test(pw)) errs.push("Identity.PasswordRequiresUpper");
  return errs;
}
