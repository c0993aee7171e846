import * as vscode from 'vscode';
import type { ChartData, ChartToHostMessage, HostToChartMessage } from '../../protocol/chartMessages';
import { createNonce } from '../nonce';
import { chartData } from './chartData';
import { chartHtml } from './chartHtml';
import type { StatisticsService } from './statisticsService';

/** The webview panel type of the statistics chart. */
export const CHART_VIEW_TYPE = 'bakersGame.statisticsChart';

/**
 * Checks a message from the chart page (untrusted, like any webview's) and rebuilds it; the page
 * says only that it is ready. Never throws.
 */
export function checkChartMessage(value: unknown): ChartToHostMessage | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return (value as Record<string, unknown>)['type'] === 'ready' ? { type: 'ready' } : undefined;
}

/**
 * The statistics chart: one editor tab, opened (or brought forward) by the command, that draws
 * the history per variant and for all. The host computes and words everything; the page draws.
 * New data is sent whenever the statistics change, and again when the page (re)loads.
 */
export class StatisticsChart implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  private readonly subscription: vscode.Disposable;
  private sent: ChartData | undefined;
  private readyWaiters: Array<() => void> = [];
  private ready = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly service: StatisticsService,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.subscription = service.onDidChange(() => this.update());
  }

  /** The open chart tab, if any (tests read it). */
  get currentPanel(): vscode.WebviewPanel | undefined {
    return this.panel;
  }

  /** The data last sent to the page (tests read it). */
  get lastData(): ChartData | undefined {
    return this.sent;
  }

  /** Resolves once the open page has said it is ready. */
  whenReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Opens the chart tab, or brings the open one forward. */
  show(): vscode.WebviewPanel {
    if (this.panel) {
      this.panel.reveal();
      return this.panel;
    }
    const title = vscode.l10n.t('Statistics Chart');
    const panel = vscode.window.createWebviewPanel(CHART_VIEW_TYPE, title, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    });
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'activity.svg');
    const webview = panel.webview;
    const asWebviewUri = (...path: string[]): string => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...path)).toString();
    webview.html = chartHtml({
      cspSource: webview.cspSource,
      scriptUri: asWebviewUri('dist', 'chart.js'),
      styleUri: asWebviewUri('media', 'chart.css'),
      nonce: createNonce(),
      title,
    });
    this.panel = panel;
    this.ready = false;
    this.panelDisposables = [
      webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      panel.onDidDispose(() => this.forgetPanel()),
    ];
    return panel;
  }

  /** Handles one message as if the page had sent it. Untrusted: checked first. */
  receive(raw: unknown): void {
    const message = checkChartMessage(raw);
    if (!message) {
      this.log.warn('Ignored a message from the statistics chart');
      return;
    }
    // `ready` comes again each time the page loads (a hidden tab's page is reloaded when shown).
    this.ready = true;
    this.update();
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  private update(): void {
    if (!this.panel || !this.ready) return;
    this.sent = chartData(this.service.all, vscode.l10n.t);
    const message: HostToChartMessage = { type: 'chart', data: this.sent, language: vscode.env.language };
    void this.panel.webview.postMessage(message);
  }

  private forgetPanel(): void {
    for (const disposable of this.panelDisposables.splice(0)) disposable.dispose();
    this.panel = undefined;
    this.ready = false;
    this.sent = undefined;
  }

  dispose(): void {
    this.subscription.dispose();
    this.panel?.dispose();
    this.forgetPanel();
  }
}
