import type { WebviewHostApi } from '../src/protocol/webviewMessages';

declare function acquireVsCodeApi(): WebviewHostApi;

let api: WebviewHostApi | undefined;

/** The host API; VS Code allows `acquireVsCodeApi()` to be called once per page. */
export function hostApi(): WebviewHostApi {
  api ??= acquireVsCodeApi();
  return api;
}
