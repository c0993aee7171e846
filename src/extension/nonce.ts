/** A fresh nonce for the webview's Content-Security-Policy, from `globalThis.crypto` (Node and browsers alike). */
export function createNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes));
}
