import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyCredentials } from "./login.service";

/**
 * remix-auth with the form strategy: fields `username` (or phone number) and `password`.
 * Sign-in throttling counts per client address, which a Request does not carry: the caller
 * hands it in (Express's `req.ip`, through the load context) and it travels to the strategy
 * in a header that is always overwritten here, so a client cannot choose it.
 */
const ADDRESS_HEADER = "x-qipei-sign-in-address";

export const authenticator = new Authenticator<number>();
authenticator.use(
  new FormStrategy(async ({ form, request }) =>
    verifyCredentials(
      { username: form.get("username"), password: form.get("password") },
      { ip: request.headers.get(ADDRESS_HEADER) || undefined, userAgent: request.headers.get("User-Agent") },
    ),
  ),
  "form",
);

/** The signed-in user id of a posted sign-in form, or a DomainError (wrong password, throttled …). */
export function authenticateForm(request: Request, ip: string | undefined): Promise<number> {
  const headers = new Headers(request.headers);
  headers.set(ADDRESS_HEADER, ip ?? "");
  return authenticator.authenticate("form", new Request(request, { headers }));
}
