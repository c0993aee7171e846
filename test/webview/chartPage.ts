import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { chartHtml } from '../../src/extension/stats/chartHtml';
import type { GameRecord } from '../../src/extension/stats/gameRecord';
import type { ChartData, HostToChartMessage } from '../../src/protocol/chartMessages';
import { launchBrowser } from '../harness/browser';
import { root } from './page';
import { THEMES, type ThemeName } from './themes';

/** A made-up origin that Playwright answers itself: no server, no network. */
const ORIGIN = 'https://chart.webview.test';
const NONCE = 'test-nonce-chart-0123456789';

/**
 * The real statistics chart page (the HTML and CSP the host makes) with the built
 * `dist/chart.js` and `media/chart.css`, in Chromium, with a stand-in for `acquireVsCodeApi`
 * and VS Code's theme variables set through the CSSOM, as the board's page harness does.
 */
export class ChartPage {
  readonly errors: string[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(profileDir: string, theme: ThemeName = 'dark'): Promise<ChartPage> {
    const context = await launchBrowser(profileDir, { width: 900, height: 800, colorScheme: theme === 'light' || theme === 'high-contrast-light' ? 'light' : 'dark' });
    try {
      const chart = new ChartPage(context, context.pages()[0] ?? (await context.newPage()));
      await chart.load(theme);
      return chart;
    } catch (error) {
      await context.close();
      throw error;
    }
  }

  private async load(theme: ThemeName): Promise<void> {
    const page = this.page;
    const html = chartHtml({ cspSource: ORIGIN, scriptUri: `${ORIGIN}/dist/chart.js`, styleUri: `${ORIGIN}/media/chart.css`, nonce: NONCE, title: 'Statistics Chart' });
    await page.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/' || path === '/index.html') return route.fulfill({ contentType: 'text/html', body: html });
      const contentType = path.endsWith('.js') ? 'text/javascript' : path.endsWith('.css') ? 'text/css' : 'application/octet-stream';
      return route.fulfill({ contentType, body: readFileSync(join(root, path)) });
    });
    await page.addInitScript((initial: { bodyClass: string; variables: Record<string, string> }) => {
      const posted: unknown[] = [];
      const violations: string[] = [];
      let state: unknown;
      Object.assign(window, {
        __posted: posted,
        __violations: violations,
        __state: () => state,
        acquireVsCodeApi: () => ({ postMessage: (message: unknown) => posted.push(message), getState: () => state, setState: (next: unknown) => (state = next) }),
      });
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective}: ${event.sample}`));
      document.addEventListener('DOMContentLoaded', () => {
        for (const [name, value] of Object.entries(initial.variables)) document.documentElement.style.setProperty(name, value);
        document.body.classList.add(...initial.bodyClass.split(' '));
      });
    }, THEMES[theme]);
    page.on('pageerror', (error) => this.errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(message.text());
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => (window as unknown as { __posted: unknown[] }).__posted.length > 0);
  }

  /** Switches the theme as VS Code does. */
  async setTheme(theme: ThemeName): Promise<void> {
    await this.page.evaluate((next: { bodyClass: string; variables: Record<string, string> }) => {
      const rootStyle = document.documentElement.style;
      for (const name of [...rootStyle]) if (name.startsWith('--vscode-')) rootStyle.removeProperty(name);
      for (const [name, value] of Object.entries(next.variables)) rootStyle.setProperty(name, value);
      document.body.classList.remove('vscode-light', 'vscode-dark', 'vscode-high-contrast', 'vscode-high-contrast-light');
      document.body.classList.add(...next.bodyClass.split(' '));
    }, THEMES[theme]);
  }

  posted(): Promise<unknown[]> {
    return this.page.evaluate(() => (window as unknown as { __posted: unknown[] }).__posted);
  }

  violations(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  }

  /** Sends chart data as the host does and waits until the page has drawn it. */
  async show(data: ChartData, language = 'en'): Promise<void> {
    const message: HostToChartMessage = { type: 'chart', data, language };
    await this.page.evaluate((m) => window.postMessage(m, '*'), message);
    await this.page.evaluate(async () => {
      await document.querySelector<HTMLElement & { updateComplete: Promise<boolean> }>('sol-chart')?.updateComplete;
    });
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: join(root, 'test-results', `chart-${name}.png`), fullPage: true });
  }

  close(): Promise<void> {
    return this.context.close();
  }
}

/** One chart page for the enclosing suite; after each test, no CSP violation and no page error. */
export function chartPageForSuite(use: (chart: ChartPage) => void, theme: ThemeName = 'dark'): void {
  let chart: ChartPage | undefined;
  before(async () => {
    mkdirSync(join(root, 'test-results'), { recursive: true });
    chart = await ChartPage.open(join(mkdtempSync(join(tmpdir(), 'bakers-game-chart-')), 'profile'), theme);
    use(chart);
  });
  after(async () => {
    await chart?.close();
  });
  afterEach(async () => {
    if (!chart) return;
    assert.deepEqual(await chart.violations(), [], 'no Content Security Policy violation');
    assert.deepEqual(chart.errors, [], 'no error in the page');
  });
}

/** A history over three days and two variants: 7 games, 4 won. */
export function sampleHistory(): GameRecord[] {
  const games: Array<[string, GameRecord['result'], number, number, number]> = [
    ['freecell', 'won', 1, 95_000, 88],
    ['freecell', 'lost', 1, 300_000, 40],
    ['bakers-game', 'won', 2, 180_000, 102],
    ['bakers-game', 'abandoned', 2, 20_000, 5],
    ['freecell', 'won', 2, 130_000, 91],
    ['bakers-game', 'won', 4, 240_000, 110],
    ['bakers-game', 'lost', 4, 400_000, 70],
  ];
  return games.map(([variant, result, day, durationMs, moves], index) => ({
    schema: 2,
    id: `chart-${index}`,
    variant: variant as GameRecord['variant'],
    deal: 100 + index,
    startedAt: new Date(Date.UTC(2026, 2, day, 9, index)).toISOString(),
    endedAt: new Date(Date.UTC(2026, 2, day, 10, index)).toISOString(),
    durationMs,
    moves,
    result,
    withHelp: false,
    provedLost: false,
    extensionVersion: '0.1.0',
  }));
}
