/**
 * The routes' door to the server for signing in, sessions, the page and API guards. The `.server` suffix keeps it out of the
 * browser: the Remix Vite build drops loaders and actions from browser code and fails if anything
 * left there still imports a `.server` module. Browser-safe modules (zod inputs, status labels)
 * are imported from their server/ files directly.
 */
export * from "../../server/auth/authenticator";
export * from "../../server/auth/cookie";
export * from "../../server/auth/guard";
export * from "../../server/auth/login.service";
export * from "../../server/auth/session.service";
export * from "../../server/auth/online.service";
