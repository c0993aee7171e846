import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { boardHtml } from '../../src/extension/boardHtml';
import type { BoardView, HostToWebviewMessage, WebviewToHostMessage } from '../../src/protocol/webviewMessages';
import { launchBrowser } from '../harness/browser';
import { THEMES, type ThemeName } from './themes';

export const root = resolve(__dirname, '..', '..', '..');
/** A made-up origin that Playwright answers itself: no server, no network. */
const ORIGIN = 'https://board.webview.test';
const NONCE = 'test-nonce-0123456789';

export interface BoardPageOptions {
  width?: number;
  height?: number;
  theme?: ThemeName;
  reducedMotion?: 'reduce' | 'no-preference';
  /** Scrollbars that take room (see launchBrowser); hidden by default. */
  scrollbars?: boolean;
  /**
   * Receives every message the page posts, as VS Code hands a webview's messages to the host
   * (asynchronously, in order); they are recorded for `posted()` as well.
   */
  onPost?: (message: unknown) => void;
}

/**
 * The real board page (same HTML and CSP as the host makes) with the built `dist/webview.js`,
 * in Chromium, and a stand-in for `acquireVsCodeApi` that records what the page posts. Theme
 * variables are set as VS Code sets them: on the root element through the CSSOM (the page's
 * CSP forbids inline style attributes), with the theme class on <body>.
 */
export class BoardPage {
  /** Content-Security-Policy violations and page errors seen so far. */
  readonly errors: string[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(profileDir: string, options: BoardPageOptions = {}): Promise<BoardPage> {
    const theme = options.theme ?? 'dark';
    const context = await launchBrowser(profileDir, {
      width: options.width ?? 1000,
      height: options.height ?? 700,
      colorScheme: theme === 'light' || theme === 'high-contrast-light' ? 'light' : 'dark',
      reducedMotion: options.reducedMotion ?? 'no-preference',
      scrollbars: options.scrollbars,
    });
    try {
      const board = new BoardPage(context, context.pages()[0] ?? (await context.newPage()));
      if (options.onPost) await board.page.exposeFunction('__toHost', options.onPost);
      await board.load(theme);
      return board;
    } catch (error) {
      await context.close();
      throw error;
    }
  }

  private async load(theme: ThemeName): Promise<void> {
    const page = this.page;
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
    await page.addInitScript((initial: { bodyClass: string; variables: Record<string, string> }) => {
      const posted: unknown[] = [];
      let state: unknown;
      const violations: string[] = [];
      Object.assign(window, {
        __posted: posted,
        __state: () => state,
        __violations: violations,
        acquireVsCodeApi: () => ({
          postMessage: (message: unknown) => {
            posted.push(message);
            (window as unknown as { __toHost?: (message: unknown) => void }).__toHost?.(message);
          },
          getState: () => state,
          setState: (next: unknown) => (state = next),
        }),
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
    if (this.errors.length > 0) throw new Error(`the page reported errors: ${this.errors.join('; ')}`);
  }

  /** Switches the theme as VS Code does when the user picks another one. */
  async setTheme(theme: ThemeName): Promise<void> {
    await this.page.evaluate((next: { bodyClass: string; variables: Record<string, string> }) => {
      const rootStyle = document.documentElement.style;
      for (const name of [...rootStyle]) if (name.startsWith('--vscode-')) rootStyle.removeProperty(name);
      for (const [name, value] of Object.entries(next.variables)) rootStyle.setProperty(name, value);
      document.body.classList.remove('vscode-light', 'vscode-dark', 'vscode-high-contrast', 'vscode-high-contrast-light');
      document.body.classList.add(...next.bodyClass.split(' '));
    }, THEMES[theme]);
  }

  /** Everything the page has posted to the host so far. */
  posted(): Promise<WebviewToHostMessage[]> {
    return this.page.evaluate(() => (window as unknown as { __posted: WebviewToHostMessage[] }).__posted);
  }

  /** What the page posted after the `ready` message (focus news left out), then forgets it. */
  async takePosted(): Promise<WebviewToHostMessage[]> {
    return this.page.evaluate(() => {
      const posted = (window as unknown as { __posted: WebviewToHostMessage[] }).__posted;
      return posted.splice(0, posted.length).filter((m) => m.type !== 'ready' && m.type !== 'focus');
    });
  }

  /** CSP violations reported by the page. */
  violations(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  }

  /** Delivers a message as the host would. */
  async send(message: HostToWebviewMessage): Promise<void> {
    await this.page.evaluate((data) => window.postMessage(data, '*'), message);
  }

  /** Sends a state and waits until the board shows it (and its cards are drawn). */
  async show(view: BoardView): Promise<void> {
    await this.send({ type: 'state', view });
    await this.page.locator(`sol-board[data-seq="${view.seq}"]`).waitFor({ timeout: 5000 });
    await this.settle();
  }

  /** Waits for Lit to finish rendering and animations to end. */
  async settle(): Promise<void> {
    await this.page.evaluate(async () => {
      const board = document.querySelector<HTMLElement & { updateComplete: Promise<boolean> }>('sol-board');
      await board?.updateComplete;
      const piles = [...(board?.shadowRoot?.querySelectorAll('sol-pile') ?? [])] as (HTMLElement & { updateComplete: Promise<boolean> })[];
      await Promise.all(piles.map((p) => p.updateComplete));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      // document.getAnimations() does not see into shadow roots: ask each root.
      const roots: (Document | ShadowRoot)[] = [document];
      for (let i = 0; i < roots.length; i++) {
        for (const element of roots[i].querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
      }
      await Promise.all(roots.flatMap((r) => r.getAnimations()).map((a) => a.finished.catch(() => undefined)));
    });
  }

  /**
   * Sends a state and returns the Web Animations the page started for it, each with its delay
   * and its play state when the board had drawn the state and run its FLIP step. They are
   * recorded as `animate()` is called, so a loaded machine that lets a 180 ms flight end before
   * the test looks cannot hide one (as a look at the running animations after a sleep could).
   */
  async animationsStartedBy(view: BoardView): Promise<{ delay: number; playState: AnimationPlayState }[]> {
    await this.page.evaluate(() => {
      const recorded = window as unknown as { __started?: Animation[] };
      if (!recorded.__started) {
        type Animate = (this: Element, ...args: Parameters<Element['animate']>) => Animation;
        const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')?.value as Animate;
        Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>): Animation {
          const animation = animate.apply(this, args);
          recorded.__started?.push(animation);
          return animation;
        };
      }
      recorded.__started = [];
    });
    await this.send({ type: 'state', view });
    await this.page.locator(`sol-board[data-seq="${view.seq}"]`).waitFor({ timeout: 5000 });
    return this.page.evaluate(async () => {
      // The FLIP step runs once the piles have drawn the state: wait for them, then a frame.
      const board = document.querySelector<HTMLElement & { updateComplete: Promise<boolean> }>('sol-board');
      await board?.updateComplete;
      const piles = [...(board?.shadowRoot?.querySelectorAll('sol-pile') ?? [])] as (HTMLElement & { updateComplete: Promise<boolean> })[];
      await Promise.all(piles.map((p) => p.updateComplete));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const recorded = window as unknown as { __started: Animation[] };
      return recorded.__started.map((a) => ({ delay: Number(a.effect?.getTiming().delay ?? 0), playState: a.playState }));
    });
  }

  /** The text of the live region. */
  /** How many announcements the live region has made (each is a new node, so a repeat is said again). */
  async announcements(): Promise<number> {
    return Number(await this.page.locator('sol-board [data-testid="announcer"]').getAttribute('data-said'));
  }

  async announced(): Promise<string> {
    return ((await this.page.locator('sol-board [data-testid="announcer"]').textContent()) ?? '').trim();
  }

  card(code: string) {
    return this.page.locator(`sol-card[data-card="${code}"]`);
  }

  pile(key: string) {
    return this.page.locator(`sol-pile[data-pile="${key}"]`);
  }

  async screenshot(name: string): Promise<string> {
    const path = join(root, 'test-results', `webview-${name}.png`);
    await this.page.screenshot({ path, fullPage: false });
    return path;
  }

  close(): Promise<void> {
    return this.context.close();
  }
}

/**
 * Opens one board page for the enclosing mocha suite (a fresh profile; `test-results/` made
 * for screenshots), closes it after the suite, and after each test checks that the page saw no
 * Content Security Policy violation and no error. `use` receives the page once it is open.
 */
export function boardPageForSuite(use: (board: BoardPage) => void, options: BoardPageOptions = {}): void {
  let board: BoardPage | undefined;
  before(async () => {
    mkdirSync(join(root, 'test-results'), { recursive: true });
    board = await BoardPage.open(join(mkdtempSync(join(tmpdir(), 'bakers-game-webview-')), 'profile'), options);
    use(board);
  });
  after(async () => {
    await board?.close();
  });
  afterEach(async () => {
    if (!board) return;
    await board.page.mouse.up().catch(() => undefined);
    assert.deepEqual(await board.violations(), [], 'no Content Security Policy violation');
    assert.deepEqual(board.errors, [], 'no error in the page');
  });
}
