/**
 * A translator: the English message (the key) with `{0}`, `{1}`… placeholders, and the values.
 * The host passes `vscode.l10n.t`; unit tests pass {@link englishOnly}. Every call site names the
 * function `t` (or `vscode.l10n.t`), so `scripts/l10n.mjs` can list the keys.
 */
export type Translate = (message: string, ...args: Array<string | number>) => string;

/** The English text with its placeholders filled, as `vscode.l10n.t` does without a bundle. */
export const englishOnly: Translate = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
