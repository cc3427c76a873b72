/**
 * Returns `to` only if it is a same-site relative path that is safe to follow after sign-in,
 * else the fallback. Refuses protocol-relative (`//x`), backslash tricks (`/\x`, `%5C`),
 * encoded slashes at the start, control characters and any scheme (`http:`, `javascript:`).
 */
export function safeRedirect(to: unknown, fallback = "/home"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/")) return fallback;
  if (to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Anything that decodes into a slash/backslash/control character near the start, or that
  // carries a backslash or control character anywhere, is refused outright.
  if (/[\\\u0000-\u001f\u007f]/.test(to)) return fallback;
  if (/%5c|%2f%2f|^\/%2f|%0[0-9a-f]|%1[0-9a-f]|%7f/i.test(to)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  if (decoded.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(decoded)) return fallback;
  // Only path, query and fragment characters we expect in our own URLs.
  if (!/^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/?%#\u4e00-\u9fff]*$/.test(to)) return fallback;
  // Never bounce back into sign-in or sign-out.
  if (/^\/(login|logout)(\/|\?|#|$)/.test(to)) return fallback;
  return to;
}
