import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyCredentials } from "./login.service";

/** remix-auth with the form strategy: fields `username` (or phone number) and `password`. */
export const authenticator = new Authenticator<number>();
authenticator.use(
  new FormStrategy(async ({ form }) => verifyCredentials({ username: form.get("username"), password: form.get("password") })),
  "form",
);
