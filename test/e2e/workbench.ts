import * as assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';

/** Screenshots of the UI tests, also used in the README. */
export const RESULTS_DIR = resolve(__dirname, '..', '..', '..', 'test-results');

/** A code-server workbench in Chromium, opened on the run's workspace folder. */
export interface Workbench {
  readonly context: BrowserContext;
  readonly page: Page;
  /** The content frame of the board webview. */
  readonly board: FrameLocator;
  screenshot(name: string): Promise<void>;
  /** Waits until the board has drawn its last state and its animations have ended. */
  boardSettled(): Promise<void>;
  /** Runs a command from the palette by its title. */
  runCommand(title: string): Promise<void>;
  close(): Promise<void>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the UI tests through \`npm test\``);
  return value;
}

/**
 * Opens the workbench and waits until our extension's activity-bar entry (titled
 * `containerTitle`, "Solitaire" in English) is there. Given the `context` of a workbench
 * already open, opens a second window (a tab of the same browser) and `close` closes only it.
 */
/**
 * The hooks every UI suite needs around its workbench: a picture of each failed test
 * (ui-failure-<its title>.png) and the workbench closed after the suite.
 */
export function screenshotFailuresAndClose(current: () => Workbench | undefined): void {
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await current()?.screenshot(`ui-failure-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}.png`);
  });
  after(async () => {
    await current()?.close();
  });
}

export async function openWorkbench(containerTitle = 'Solitaire', shared?: BrowserContext): Promise<Workbench> {
  const baseUrl = required('CODE_SERVER_URL');
  const runDir = required('CODE_SERVER_RUN_DIR');
  mkdirSync(RESULTS_DIR, { recursive: true });
  const context = shared ?? (await launchBrowser(join(runDir, `chrome-ui-${Date.now()}`)));
  const page = shared ? await context.newPage() : (context.pages()[0] ?? (await context.newPage()));
  await page.goto(`${baseUrl}/?folder=${encodeURIComponent(resolve(runDir, 'workspace'))}`);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator(`.activitybar .action-item .action-label[aria-label^="${containerTitle}"]`).waitFor({ timeout: 60_000 });
  const paletteInput = page.locator('.quick-input-widget .quick-input-box input');
  const board = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
  return {
    context,
    page,
    board,
    screenshot: async (name) => {
      await page.screenshot({ path: join(RESULTS_DIR, name) });
    },
    boardSettled: async () => {
      await board.locator('sol-board').evaluate(async (element) => {
        const updating = (node: Element) => (node as Element & { updateComplete?: Promise<boolean> }).updateComplete ?? Promise.resolve(true);
        await updating(element);
        await Promise.all([...(element.shadowRoot?.querySelectorAll('sol-pile') ?? [])].map(updating));
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        // document.getAnimations() does not see into shadow roots: ask each root.
        const roots: (Document | ShadowRoot)[] = [document];
        for (let i = 0; i < roots.length; i++) {
          for (const child of roots[i].querySelectorAll('*')) if (child.shadowRoot) roots.push(child.shadowRoot);
        }
        // An endless one (the loading placeholder's breathing) is not waited for.
        const finite = roots.flatMap((root) => root.getAnimations()).filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
        await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      });
    },
    runCommand: async (title) => {
      // The row named exactly so, clicked: Enter would run the focused row, which can be another
      // (a fuzzy match ranked higher, or a recently used command before the list is filtered).
      const exactLabel = page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(title)}$`) });
      const row = page.locator('.quick-input-widget .monaco-list-row').filter({ has: exactLabel }).first();
      // The palette can close by itself right after it opened, when a webview that had the focus
      // takes it back late (microsoft/vscode#93950; seen in the web host after a hint: the input
      // went inert, then invisible, and the fill waited 30 s). A player presses F1 again; so does this.
      for (let attempt = 1; ; attempt++) {
        await page.keyboard.press('F1');
        await paletteInput.waitFor({ state: 'visible', timeout: 10_000 });
        try {
          await paletteInput.fill(`>${title}`, { timeout: 5_000 });
          await row.waitFor({ state: 'visible', timeout: 10_000 });
        } catch (error) {
          if (attempt === 3) throw error;
          continue;
        }
        await row.click({ timeout: 15_000 });
        return;
      }
    },
    close: () => (shared ? page.close() : context.close()),
  };
}

/** Answers the question "Abandon the game in progress?" with Abandon, once it is asked, and waits until it is gone. */
export async function answerAbandon(workbench: Workbench): Promise<void> {
  const dialog = workbench.page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 15_000 });
  assert.match((await dialog.innerText()).replace(/\s+/g, ' '), /Abandon the game in progress\? It counts as a loss\./);
  await dialog.getByRole('button', { name: 'Abandon' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
}
