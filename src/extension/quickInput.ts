/**
 * Options shared by every quick pick and input box the extension shows.
 *
 * `ignoreFocusOut`: run from the palette while the board is the active editor, VS Code hands
 * the focus back to the board's webview as the palette closes, and that arrives late, after our
 * pick or input box has opened, which then closes at once (microsoft/vscode#93950). Kept open,
 * it still closes with Escape.
 */
export const QUICK_INPUT_OPTIONS = { ignoreFocusOut: true } as const;
