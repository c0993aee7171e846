import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { boardHtml } from '../../src/extension/boardHtml';
import type { HostToWebviewMessage, WebviewToHostMessage } from '../../src/protocol/webviewMessages';
import { launchBrowser } from '../harness/browser';

const root = resolve(__dirname, '..', '..', '..');
/** A made-up origin that Playwright answers itself: no server, no network. */
const ORIGIN = 'https://board.webview.test';
const NONCE = 'test-nonce-0123456789';

/** Theme variables as VS Code's dark theme sets them on the webview's root. */
const DARK_THEME: Record<string, string> = {
  '--vscode-foreground': '#cccccc',
  '--vscode-editor-background': '#1e1e1e',
  '--vscode-focusBorder': '#007fd4',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-panel-border': '#808080',
  '--vscode-font-family': 'sans-serif',
  '--vscode-font-size': '13px',
};

/**
 * The real board page (same HTML and CSP as the host makes) with the built `dist/webview.js`,
 * in Chromium, and a stand-in for `acquireVsCodeApi` that records what the page posts.
 */
export class BoardPage {
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(profileDir: string): Promise<BoardPage> {
    const context = await launchBrowser(profileDir, { width: 1000, height: 700 });
    try {
      return await BoardPage.load(context);
    } catch (error) {
      await context.close();
      throw error;
    }
  }

  private static async load(context: BrowserContext): Promise<BoardPage> {
    const page = context.pages()[0] ?? (await context.newPage());
    const html = boardHtml({
      cspSource: ORIGIN,
      scriptUri: `${ORIGIN}/dist/webview.js`,
      styleUri: `${ORIGIN}/media/board.css`,
      nonce: NONCE,
      title: "Baker's Game",
    });
    await page.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/' || path === '/index.html') {
        await route.fulfill({ contentType: 'text/html', body: html });
        return;
      }
      const file = join(root, path);
      const contentType = path.endsWith('.js') ? 'text/javascript' : path.endsWith('.css') ? 'text/css' : 'application/octet-stream';
      await route.fulfill({ contentType, body: readFileSync(file) });
    });
    await page.addInitScript((theme: Record<string, string>) => {
      const posted: unknown[] = [];
      let state: unknown;
      Object.assign(window, {
        __posted: posted,
        acquireVsCodeApi: () => ({
          postMessage: (message: unknown) => posted.push(message),
          getState: () => state,
          setState: (next: unknown) => (state = next),
        }),
      });
      // Through the CSSOM, as VS Code does: the page's CSP forbids inline style attributes.
      document.addEventListener('DOMContentLoaded', () => {
        for (const [name, value] of Object.entries(theme)) document.documentElement.style.setProperty(name, value);
      });
    }, DARK_THEME);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${ORIGIN}/`);
    if (errors.length > 0) throw new Error(`the page reported errors: ${errors.join('; ')}`);
    return new BoardPage(context, page);
  }

  /** Everything the page has posted to the host so far. */
  posted(): Promise<WebviewToHostMessage[]> {
    return this.page.evaluate(() => (window as unknown as { __posted: WebviewToHostMessage[] }).__posted);
  }

  /** Delivers a message as the host would. */
  async send(message: HostToWebviewMessage): Promise<void> {
    await this.page.evaluate((data) => window.postMessage(data, '*'), message);
  }

  close(): Promise<void> {
    return this.context.close();
  }
}
