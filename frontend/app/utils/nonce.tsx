// The CSP nonce the server makes per response (`context.cspNonce`), for the page's inline scripts.
import { createContext, useContext, type ReactNode } from 'react';

const NonceContext = createContext<string>('');

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
