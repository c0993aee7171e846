import * as vscode from 'vscode';
import type { HostToWebviewMessage } from '../protocol/webviewMessages';
import { boardHtml } from './boardHtml';
import { createNonce } from './nonce';
import { checkWebviewMessage } from './webviewMessageGuard';

/** The webview panel type; also the id under which a serializer would restore it. */
export const BOARD_VIEW_TYPE = 'bakersGame.board';

/**
 * One board in an editor tab. It owns the webview panel, checks every message from it and
 * answers; the game itself lives in the host, never in the webview.
 */
export class BoardPanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly openedAt = Date.now();
  private readyResolvers: Array<(millis: number) => void> = [];
  private readyAfterMillis: number | undefined;

  private constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    private readonly extensionVersion: string,
  ) {
    panel.webview.html = this.html();
    this.disposables.push(
      panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  /** Opens a new board tab beside the active editor group. */
  static open(extensionUri: vscode.Uri, log: vscode.LogOutputChannel, extensionVersion: string): BoardPanel {
    const panel = vscode.window.createWebviewPanel(BOARD_VIEW_TYPE, "Baker's Game", vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
    });
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'activity.svg');
    return new BoardPanel(panel, extensionUri, log, extensionVersion);
  }

  /** Resolves with the milliseconds from opening the tab to the webview's `ready`. */
  whenReady(): Promise<number> {
    if (this.readyAfterMillis !== undefined) return Promise.resolve(this.readyAfterMillis);
    return new Promise((resolve) => this.readyResolvers.push(resolve));
  }

  reveal(): void {
    this.panel.reveal();
  }

  dispose(): void {
    while (this.disposables.length > 0) this.disposables.pop()?.dispose();
    this.panel.dispose();
  }

  private html(): string {
    const webview = this.panel.webview;
    const asWebviewUri = (...path: string[]): string =>
      webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...path)).toString();
    return boardHtml({
      cspSource: webview.cspSource,
      scriptUri: asWebviewUri('dist', 'webview.js'),
      styleUri: asWebviewUri('media', 'board.css'),
      nonce: createNonce(),
      title: "Baker's Game",
    });
  }

  private receive(raw: unknown): void {
    const checked = checkWebviewMessage(raw);
    if (!checked.ok) {
      this.log.warn(`Ignored a message from the board: ${checked.reason}`);
      return;
    }
    switch (checked.message.type) {
      case 'ready':
        this.markReady();
        this.post({ type: 'welcome', extensionVersion: this.extensionVersion, title: "Baker's Game" });
        break;
    }
  }

  private markReady(): void {
    this.readyAfterMillis ??= Date.now() - this.openedAt;
    const ready = this.readyAfterMillis;
    for (const resolve of this.readyResolvers) resolve(ready);
    this.readyResolvers = [];
    this.log.info(`Board ready ${ready} ms after the tab opened`);
  }

  private post(message: HostToWebviewMessage): void {
    void this.panel.webview.postMessage(message);
  }
}
