import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Per-HTTP-request memory. http.ts runs each request inside a scope; the layout and page
 * loaders of one document request then share work (the session lookup) instead of each
 * repeating it. Kept on globalThis: the server bundle and server/main.ts load separate copies
 * of this module.
 */
const g = globalThis as unknown as { __qipeiRequestScope?: AsyncLocalStorage<Map<string, unknown>> };
export const requestScope = (g.__qipeiRequestScope ??= new AsyncLocalStorage<Map<string, unknown>>());

export function memoInRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const store = requestScope.getStore();
  if (!store) return compute();
  if (!store.has(key)) store.set(key, compute());
  return store.get(key) as Promise<T>;
}
