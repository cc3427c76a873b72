import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered (server only; browsers hide
 * it from scripts, and hydration keeps the attribute the server wrote).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
