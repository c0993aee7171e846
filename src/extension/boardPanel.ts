import * as vscode from 'vscode';
import type { BoardCommand, BoardView, HostToWebviewMessage, MoveMessage } from '../protocol/webviewMessages';
import { boardHtml } from './boardHtml';
import { createNonce } from './nonce';
import { checkWebviewMessage } from './webviewMessageGuard';

/** The webview panel type; also the id under which the serializer restores it. */
export const BOARD_VIEW_TYPE = 'bakersGame.board';

/** What the panel asks of whoever owns the game. */
export interface BoardPanelHandlers {
  onReady(): void;
  onMove(message: MoveMessage): void;
  onCommand(command: BoardCommand): void;
  onVisibilityChange(visible: boolean): void;
  /** The board's page gained or lost the keyboard focus. */
  onFocus(focused: boolean): void;
  onDispose(): void;
}

/** The options every board webview gets: scripts on, local files only from dist/ and media/. */
export function boardWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

/**
 * One board in an editor tab: the webview, its HTML, and the message channel. Every message
 * from the webview is checked here before anyone acts on it; a bad one is logged and ignored.
 */
export class BoardPanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly createdAt = Date.now();
  private readyResolvers: Array<(millis: number) => void> = [];
  private readyAfterMillis: number | undefined;
  private disposed = false;
  private shownView: BoardView | undefined;
  private shownRefusal: string | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    private readonly handlers: BoardPanelHandlers,
  ) {
    panel.webview.options = boardWebviewOptions(extensionUri);
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'activity.svg');
    panel.webview.html = this.html();
    this.disposables.push(
      panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      panel.onDidChangeViewState((event) => handlers.onVisibilityChange(event.webviewPanel.visible)),
      panel.onDidDispose(() => {
        this.disposed = true;
        this.dispose();
        handlers.onDispose();
      }),
    );
  }

  /** A new board tab in the active editor group. */
  static create(extensionUri: vscode.Uri, log: vscode.LogOutputChannel, handlers: BoardPanelHandlers): BoardPanel {
    const panel = vscode.window.createWebviewPanel(BOARD_VIEW_TYPE, "Baker's Game", vscode.ViewColumn.Active, boardWebviewOptions(extensionUri));
    return new BoardPanel(panel, extensionUri, log, handlers);
  }

  get visible(): boolean {
    return !this.disposed && this.panel.visible;
  }

  /** Resolves with the milliseconds from creating the panel to the webview's `ready`. */
  whenReady(): Promise<number> {
    if (this.readyAfterMillis !== undefined) return Promise.resolve(this.readyAfterMillis);
    return new Promise((resolve) => this.readyResolvers.push(resolve));
  }

  get isReady(): boolean {
    return this.readyAfterMillis !== undefined;
  }

  /** The last view sent to the webview. */
  get lastView(): BoardView | undefined {
    return this.shownView;
  }

  showState(view: BoardView, title: string): void {
    this.shownView = view;
    this.panel.title = title;
    this.post({ type: 'state', view });
  }

  /** The last refusal sent to the webview (tests read it). */
  get lastRefusal(): string | undefined {
    return this.shownRefusal;
  }

  showRefusal(message: string): void {
    this.shownRefusal = message;
    this.post({ type: 'refused', message });
  }

  reveal(): void {
    this.panel.reveal();
  }

  dispose(): void {
    while (this.disposables.length > 0) this.disposables.pop()?.dispose();
    if (!this.disposed) {
      this.disposed = true;
      this.panel.dispose();
    }
  }

  private html(): string {
    const webview = this.panel.webview;
    const asWebviewUri = (...path: string[]): string => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...path)).toString();
    return boardHtml({
      cspSource: webview.cspSource,
      scriptUri: asWebviewUri('dist', 'webview.js'),
      styleUri: asWebviewUri('media', 'board.css'),
      nonce: createNonce(),
      title: "Baker's Game",
    });
  }

  /**
   * Handles one message as if the webview had sent it (it is where the webview's messages
   * arrive; integration tests use it to send forged ones). Untrusted: checked first.
   */
  receive(raw: unknown): void {
    const checked = checkWebviewMessage(raw);
    if (!checked.ok) {
      this.log.warn(`Ignored a message from the board: ${checked.reason}`);
      return;
    }
    const { message } = checked;
    switch (message.type) {
      case 'ready':
        this.markReady();
        this.handlers.onReady();
        break;
      case 'move':
        this.handlers.onMove(message);
        break;
      case 'command':
        this.handlers.onCommand(message.command);
        break;
      case 'focus':
        this.handlers.onFocus(message.focused);
        break;
    }
  }

  private markReady(): void {
    const first = this.readyAfterMillis === undefined;
    this.readyAfterMillis ??= Date.now() - this.createdAt;
    const ready = this.readyAfterMillis;
    for (const resolve of this.readyResolvers) resolve(ready);
    this.readyResolvers = [];
    // The webview says ready again each time its tab is shown anew: the figure is the first time's.
    this.log.info(first ? `Board ready ${ready} ms after the panel was created` : 'Board ready again (its webview was loaded anew)');
  }

  private post(message: HostToWebviewMessage): void {
    if (!this.disposed) void this.panel.webview.postMessage(message);
  }
}
