/** How much of a failure's message a closing line keeps: enough to name the cause. */
const MESSAGE_CHARS = 400;

/**
 * The closing line of a failed test, `✘ <layer>: <test>: <message>` on one line, that
 * scripts/test.mjs repeats after its summary (CI shows only the tail of a long run). No imports:
 * the Node reporter and the web worker host's browser bundle both use it.
 */
export function failureLine(layer: string, title: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const flat = message.replace(/\s+/g, ' ').trim();
  return `✘ ${layer}: ${title}: ${flat.length > MESSAGE_CHARS ? `${flat.slice(0, MESSAGE_CHARS)}…` : flat}`;
}
