import type { ReviewToHostMessage } from '../../protocol/reviewMessages';

/** Far more moves than any game of ours; a larger index is not one the page was sent. */
const MAX_INDEX = 100_000;

/**
 * Checks a message from the review page (untrusted, like any webview's) and rebuilds it from
 * exactly the fields it needs; undefined for anything else. Never throws.
 */
export function checkReviewMessage(value: unknown): ReviewToHostMessage | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const message = value as Record<string, unknown>;
  switch (message['type']) {
    case 'ready':
      return { type: 'ready' };
    case 'leave':
      return { type: 'leave' };
    case 'goto': {
      const index = message['index'];
      return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index <= MAX_INDEX ? { type: 'goto', index } : undefined;
    }
    case 'better': {
      const show = message['show'];
      return typeof show === 'boolean' ? { type: 'better', show } : undefined;
    }
    default:
      return undefined;
  }
}
