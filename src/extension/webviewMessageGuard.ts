import type { WebviewToHostMessage } from '../protocol/webviewMessages';

/** The outcome of checking one message from the webview. */
export type GuardResult =
  | { readonly ok: true; readonly message: WebviewToHostMessage }
  | { readonly ok: false; readonly reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks that an untrusted value from the webview is one of the messages the protocol
 * defines, with exactly the fields it needs. Never throws.
 */
export function checkWebviewMessage(value: unknown): GuardResult {
  if (!isRecord(value)) return { ok: false, reason: 'message is not an object' };
  const type = value['type'];
  if (typeof type !== 'string') return { ok: false, reason: 'message has no string "type"' };
  switch (type) {
    case 'ready':
      return { ok: true, message: { type: 'ready' } };
    default:
      return { ok: false, reason: `unknown message type ${JSON.stringify(type).slice(0, 40)}` };
  }
}
