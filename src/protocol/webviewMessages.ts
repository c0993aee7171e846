/**
 * Messages between the extension host and the board webview. Types only: the host checks
 * every message that arrives from the webview (see `src/extension/webviewMessageGuard.ts`),
 * because a webview is untrusted input.
 */

/** The webview has loaded its script and can receive messages. */
export interface ReadyMessage {
  readonly type: 'ready';
}

/** Everything the webview may send to the host. */
export type WebviewToHostMessage = ReadyMessage;

/** The host's answer to `ready`: who is talking, so the webview can show it is connected. */
export interface WelcomeMessage {
  readonly type: 'welcome';
  readonly extensionVersion: string;
  readonly title: string;
}

/** Everything the host may send to the webview. */
export type HostToWebviewMessage = WelcomeMessage;

/** The API a webview script receives from `acquireVsCodeApi()`, typed for our messages. */
export interface WebviewHostApi {
  postMessage(message: WebviewToHostMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
