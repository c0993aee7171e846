import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { legalMoves, type Game } from '../../src/engine';
import { strictPageHtml } from '../../src/extension/boardHtml';
import { reviewStrings } from '../../src/extension/i18n/reviewWords';
import { englishOnly } from '../../src/extension/i18n/translate';
import type { MarkView, ReviewToHostMessage, ReviewView } from '../../src/protocol/reviewMessages';
import { launchBrowser } from '../harness/browser';
import { root } from './page';
import { THEMES } from './themes';
import { deal, play, viewOf } from './views';

const ORIGIN = 'https://review.webview.test';
const NONCE = 'test-nonce-review-0123456789';

/** Four moves of deal 1, and the marks the test gives them: winnable, a detour, the losing move, then lost (with help). */
function games(): Game[] {
  const positions = [deal('bakers-game', 1)];
  for (let i = 0; i < 4; i++) {
    const game = positions[positions.length - 1];
    const move = legalMoves(game.position).find((m) => m.to.kind === 'tableau') ?? legalMoves(game.position)[0];
    positions.push(play(game, move));
  }
  return positions;
}

const MARKS: MarkView[] = [
  { move: 1, kind: 'winnable', help: false, spoken: 'Move 1: still winnable' },
  { move: 2, kind: 'detour', extra: 2, help: false, spoken: 'Move 2: detour of 2 moves' },
  { move: 3, kind: 'losing', help: false, spoken: 'Move 3: the move that lost the deal' },
  { move: 4, kind: 'lost', help: true, spoken: 'Move 4: already lost, made with help' },
];

/** A stand-in for the host: answers `goto` and `better` as the ReviewPanel does, from real board views. */
class FakeHost {
  readonly received: ReviewToHostMessage[] = [];
  index = 0;
  ghost = false;
  private seq = 1;
  constructor(
    private readonly page: Page,
    private readonly positions: Game[],
  ) {}

  view(): ReviewView {
    const shown = this.ghost ? this.positions[Math.min(this.index + 1, this.positions.length - 1)] : this.positions[this.index];
    return {
      reviewId: 'r1',
      title: "Baker's Game #1 · abandoned after 4 moves",
      total: this.positions.length - 1,
      index: this.index,
      positionText: this.index === 0 ? 'Start position' : `After move ${this.index} of 4`,
      verdictText: this.index >= 3 ? 'Lost' : 'Winnable',
      board: { ...viewOf(shown, { seq: ++this.seq }), legalMoves: [] },
      marks: MARKS,
      progressText: '',
      canShowBetter: this.index < 3,
      ...(this.ghost ? { ghost: { spoken: 'The better move: a card to column 2' } } : {}),
      strings: reviewStrings(englishOnly),
    };
  }

  async receive(message: ReviewToHostMessage): Promise<void> {
    this.received.push(message);
    if (message.type === 'goto') {
      this.index = message.index;
      this.ghost = false;
    } else if (message.type === 'better') this.ghost = message.show;
    else if (message.type !== 'ready') return;
    await this.send();
  }

  async send(): Promise<void> {
    await this.page.evaluate((view) => window.postMessage({ type: 'review', view }, '*'), this.view());
  }
}

describe('the review page (timeline, stepping, ghost move)', function () {
  this.timeout(60_000);
  let context: BrowserContext;
  let page: Page;
  let host: FakeHost;
  const errors: string[] = [];

  before(async () => {
    context = await launchBrowser(mkdtempSync(join(tmpdir(), 'review-page-')), { width: 1000, height: 760 });
    page = context.pages()[0] ?? (await context.newPage());
    host = new FakeHost(page, games());
    const html = strictPageHtml({ cspSource: ORIGIN, scriptUri: `${ORIGIN}/dist/review.js`, styleUri: `${ORIGIN}/media/board.css`, nonce: NONCE, title: 'Review' }, '<sol-review></sol-review>');
    await page.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') return route.fulfill({ contentType: 'text/html', body: html });
      return route.fulfill({ contentType: path.endsWith('.js') ? 'text/javascript' : 'text/css', body: readFileSync(join(root, path)) });
    });
    await page.exposeFunction('__toHost', (message: ReviewToHostMessage) => void host.receive(message));
    await page.addInitScript((variables: Record<string, string>) => {
      Object.assign(window, {
        acquireVsCodeApi: () => ({
          postMessage: (message: unknown) => void (window as unknown as { __toHost: (m: unknown) => Promise<void> }).__toHost(message),
          getState: () => undefined,
          setState: () => undefined,
        }),
      });
      document.addEventListener('securitypolicyviolation', (event) => (window as unknown as { __errors?: string[] }).__errors?.push(event.violatedDirective));
      document.addEventListener('DOMContentLoaded', () => {
        for (const [name, value] of Object.entries(variables)) document.documentElement.style.setProperty(name, value);
        document.body.classList.add('vscode-dark');
      });
    }, THEMES.dark.variables);
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${ORIGIN}/`);
    await page.locator('sol-timeline button[data-move]').first().waitFor();
  });

  after(async () => {
    await context?.close();
  });

  const position = () => page.locator('[data-testid="position"]').textContent();
  const waitForIndex = async (index: number) => {
    await page.waitForFunction((i) => document.querySelector('sol-timeline')?.shadowRoot?.querySelector(`button[data-move="${i}"]`)?.getAttribute('aria-current') === 'step', index);
  };

  it('draws the start, then one mark per move, each named for screen readers, the losing move marked', async () => {
    assert.equal(host.received[0]?.type, 'ready');
    const marks = page.locator('sol-timeline button[data-move]');
    assert.equal(await marks.count(), 5);
    const losing = page.locator('sol-timeline button[data-kind="losing"]');
    assert.equal(await losing.getAttribute('data-move'), '3');
    assert.equal(await losing.getAttribute('aria-label'), 'Move 3: the move that lost the deal');
    assert.equal(await page.locator('sol-timeline button[data-kind="detour"]').getAttribute('data-extra'), '2');
    assert.equal(await page.locator('sol-timeline button[data-help]').getAttribute('data-move'), '4');
    assert.equal(await position(), 'Start position');
    // The board inside is read-only: no toolbar, and out of the tab order.
    assert.equal(await page.locator('sol-board').evaluate((board) => board.shadowRoot?.querySelector('sol-toolbar') === null && board.hasAttribute('inert')), true);
  });

  it('clicking a mark shows that position, and the mark is announced', async () => {
    await page.locator('sol-timeline button[data-move="3"]').click();
    await waitForIndex(3);
    assert.equal(await position(), 'After move 3 of 4');
    assert.match((await page.locator('[data-testid="review-announcer"]').textContent()) ?? '', /Move 3: the move that lost the deal/);
  });

  it('steps with the arrow keys, Home and End, and with the buttons', async () => {
    await page.keyboard.press('ArrowLeft');
    await waitForIndex(2);
    await page.keyboard.press('End');
    await waitForIndex(4);
    await page.keyboard.press('Home');
    await waitForIndex(0);
    await page.keyboard.press('ArrowRight');
    await waitForIndex(1);
    await page.locator('button[data-action="next"]').click();
    await waitForIndex(2);
    await page.locator('button[data-action="first"]').click();
    await waitForIndex(0);
    assert.equal(await page.locator('button[data-action="previous"]').isDisabled(), true);
  });

  it('only the review speaks: the board inside has no live region of its own (moves were said twice, and Home said "Undone: …" of one move)', async () => {
    /** Every live region of the page, in shadow roots too, with what it says once the board has drawn. */
    const liveRegions = () =>
      page.evaluate(async () => {
        await document.querySelector<Element & { updateComplete?: Promise<boolean> }>('sol-board')?.updateComplete;
        const found: string[] = [];
        const walk = (root: Document | ShadowRoot) => {
          for (const element of root.querySelectorAll('*')) {
            if (element.hasAttribute('aria-live')) found.push(element.getAttribute('data-testid') ?? element.localName);
            if (element.shadowRoot) walk(element.shadowRoot);
          }
        };
        walk(document);
        return found;
      });
    await page.keyboard.press('Home');
    await waitForIndex(0);
    for (const [key, index] of [['ArrowRight', 1], ['End', 4], ['ArrowLeft', 3], ['Home', 0]] as const) {
      await page.keyboard.press(key);
      await waitForIndex(index);
      assert.deepEqual(await liveRegions(), ['review-announcer'], `after ${key}`);
    }
  });

  it('the slider goes to a position, and follows the keys', async () => {
    await page.locator('input[type="range"]').fill('4');
    await waitForIndex(4);
    assert.equal(await page.locator('input[type="range"]').inputValue(), '4');
    assert.equal(await page.locator('input[type="range"]').getAttribute('aria-valuetext'), 'After move 4 of 4');
  });

  it('"Show the better move" plays it in a ghost, announced; B hides it again', async () => {
    await page.keyboard.press('Home');
    await waitForIndex(0);
    await page.locator('button[data-action="better"]').click();
    await page.locator('[data-testid="ghost"]').waitFor();
    assert.equal(await page.locator('.review-board.ghost').count(), 1);
    assert.equal(await page.locator('button[data-action="better"]').getAttribute('aria-pressed'), 'true');
    assert.match((await page.locator('[data-testid="review-announcer"]').textContent()) ?? '', /The better move/);
    await page.locator('h1').click();
    await page.keyboard.press('b');
    await page.locator('[data-testid="ghost"]').waitFor({ state: 'detached' });
    assert.deepEqual(host.received.filter((m) => m.type === 'better'), [{ type: 'better', show: true }, { type: 'better', show: false }]);
  });

  it('fits its tab: the page does not scroll up and down (a play-test saw a scrollbar at 1280x657)', async () => {
    for (const size of [
      { width: 1280, height: 657 },
      { width: 1000, height: 760 },
      { width: 800, height: 600 },
      { width: 1600, height: 500 },
    ]) {
      await page.setViewportSize(size);
      await page.keyboard.press('End');
      await waitForIndex(4);
      await page.keyboard.press('Home');
      await waitForIndex(0);
      // Two frames: the board measures itself after a resize.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const { scrollHeight, innerHeight } = await page.evaluate(() => ({ scrollHeight: document.documentElement.scrollHeight, innerHeight: window.innerHeight }));
      assert.ok(scrollHeight <= innerHeight, `${size.width}x${size.height}: the page is ${scrollHeight} px high in a ${innerHeight} px window`);
    }
    await page.setViewportSize({ width: 1000, height: 760 });
  });

  it('Escape asks to leave; nothing broke the page or its policy', async () => {
    await page.keyboard.press('Escape');
    for (let tries = 0; tries < 40 && !host.received.some((m) => m.type === 'leave'); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(host.received.some((m) => m.type === 'leave'));
    assert.deepEqual(errors, []);
  });
});
