import { randomBytes } from 'node:crypto';

/** A fresh nonce for the webview's Content-Security-Policy, from a cryptographic source. */
export function createNonce(): string {
  return randomBytes(18).toString('base64');
}
