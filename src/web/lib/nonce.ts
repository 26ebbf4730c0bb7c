import { createContext, useContext } from 'react';

/**
 * The page's CSP nonce (src/server/http/security-headers.ts), given by the server entry. In the
 * browser it is empty: scripts React adds after hydration are not inline, and browsers hide the
 * attribute's value from the DOM anyway.
 */
export const NonceContext = createContext('');

export const useNonce = () => useContext(NonceContext);
