import * as assert from 'node:assert/strict';
import { playMove } from '../../src/engine';
import { dealt, nextMove, topCard } from '../e2e/deals';
import { openWorkbench, type Workbench } from '../e2e/workbench';

/**
 * The extension in the browser's web worker extension host, as a player uses it: the harness
 * installs a build that offers only the `browser` entry (so nothing of it runs on Node), and
 * this suite plays through the workbench: the palette, moves, a hint, a win with Play Solution,
 * the Statistics view; then two windows finishing games at once, both counted.
 */
describe('the browser build in the web worker extension host, through the workbench', () => {
  let workbench: Workbench;
  let second: Workbench | undefined;

  const boardShows = async (bench: Workbench, moves: number, deal?: number): Promise<void> => {
    if (deal !== undefined) await bench.board.locator('[data-testid="deal"]', { hasText: new RegExp(`^${deal}$`) }).waitFor({ timeout: 30_000 });
    await bench.board.locator('[data-testid="moves"]', { hasText: new RegExp(`^${moves}$`) }).waitFor({ timeout: 30_000 });
  };

  const openDeal = async (bench: Workbench, number: number): Promise<void> => {
    await bench.runCommand('Solitaire: Open Deal Number…');
    await bench.page.locator('.quick-input-widget .quick-input-title', { hasText: /^Open Deal Number/ }).waitFor({ timeout: 10_000 });
    await bench.page.locator('.quick-input-widget .quick-input-box input').fill(String(number));
    await bench.page.keyboard.press('Enter');
  };

  /** The rows of the Statistics view (opened when it is not). */
  const statisticsView = async (bench: Workbench) => {
    const view = bench.page.locator('[id="workbench.view.extension.bakersGame"]');
    if (!(await view.isVisible())) await bench.page.locator('.activitybar .action-item .action-label[aria-label^="Solitaire"]').click();
    return view.locator('.monaco-list-row');
  };

  /** Waits for a row of the Statistics view; says what the view showed when it does not come. */
  const statisticsRow = async (bench: Workbench, text: RegExp): Promise<void> => {
    const rows = await statisticsView(bench);
    try {
      await rows.filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
    } catch (error) {
      console.log(`      the Statistics view showed: ${(await rows.allInnerTexts()).map((row) => row.replace(/\s+/g, ' ')).join(' | ')}`);
      throw error;
    }
  };

  /**
   * How many games the view counts in all (the integration suite, run before on this server,
   * left some). Asked once the extension is active: before, the view shows its welcome text.
   */
  const played = async (bench: Workbench): Promise<number> => {
    const all = (await statisticsView(bench)).filter({ hasText: /^All variants/ }).first();
    // The tree fills once the history is read; a history with no game keeps the welcome text.
    const shown = await all.waitFor({ timeout: 15_000 }).then(() => true, () => false);
    return shown ? Number(/(\d+) played/.exec(await all.innerText())?.[1] ?? NaN) : 0;
  };

  let playedBefore = 0;

  before(async () => {
    workbench = await openWorkbench();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench?.screenshot(`ui-web-failure-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}.png`);
  });

  after(async () => {
    await second?.close();
    await workbench?.close();
  });

  it("palette → New Baker's Game → moves, timed", async () => {
    const started = Date.now();
    await workbench.runCommand("New Baker's Game");
    await workbench.board.locator('sol-card').first().waitFor({ timeout: 60_000 });
    console.log(`      [web host] command to first painted card (cold webview): ${Date.now() - started} ms`);
    assert.equal(await workbench.board.locator('sol-card').count(), 52);
    playedBefore = await played(workbench);
    console.log(`      games in the history before: ${playedBefore}`);
    await openDeal(workbench, 1);
    await boardShows(workbench, 0, 1);
    await workbench.board.locator('sol-board').evaluate((board) => {
      const trips: number[] = [];
      let postedAt = 0;
      board.addEventListener('sol-move', () => (postedAt = performance.now()));
      new MutationObserver((records) => {
        if (postedAt === 0 || !records.some((record) => record.oldValue !== board.getAttribute('data-seq'))) return;
        trips.push(performance.now() - postedAt);
        postedAt = 0;
      }).observe(board, { attributes: true, attributeFilter: ['data-seq'], attributeOldValue: true });
      Object.assign(window, { __roundTrips: trips });
    });
    let game = dealt(1);
    for (let n = 1; n <= 3; n++) {
      const move = nextMove(game);
      await workbench.board.locator(`sol-card[data-card="${topCard(game, move)}"]`).click();
      await workbench.board.locator(`sol-pile[data-pile="${move.to.kind}-${move.to.index}"]`).click();
      await boardShows(workbench, n);
      const next = playMove(game, move);
      assert.ok(next.ok);
      game = next.value;
    }
    const trips = await workbench.board.locator('sol-board').evaluate(() => (window as unknown as { __roundTrips: number[] }).__roundTrips);
    console.log(`      [web host] webview → host → webview round trip per move: ${trips.map((trip) => trip.toFixed(1)).join(', ')} ms`);
    assert.equal(trips.length, 3);
  });

  it('a hint from the solver in its Web Worker, then a win with Play Solution, counted in the Statistics view', async () => {
    // Deal 2 from the start: deal 1 after the moves above may be lost already.
    await openDeal(workbench, 2);
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Abandon' }).click();
    await boardShows(workbench, 0, 2);
    const started = Date.now();
    await workbench.runCommand('Solitaire: Hint');
    await workbench.board.locator('[data-hint]').first().waitFor({ timeout: 60_000 });
    console.log(`      [web host] command to hint shown: ${Date.now() - started} ms`);
    await workbench.runCommand('Solitaire: Play Solution');
    await workbench.board.locator('[data-testid="game-over"][data-status="won"]').waitFor({ timeout: 180_000 });
    // Deal 1 abandoned after 3 moves (a loss), deal 2 won with help.
    await statisticsRow(workbench, new RegExp(`^All variants\\s*${playedBefore + 2} played`));
    await statisticsRow(workbench, /^Baker's Game #2\s*won with help/);
    await workbench.screenshot('ui-web-statistics.png');
  });

  it('two windows finishing games at once: both games are counted', async () => {
    second = await openWorkbench('Solitaire', workbench.context);
    // In each window a game with a move, then New Baker's Game: both ask to abandon.
    for (const [bench, deal] of [[workbench, 3], [second, 4]] as const) {
      await openDeal(bench, deal);
      const dialog = bench.page.locator('.monaco-dialog-box');
      // The first window has a won game on its board: no question. The second has none yet.
      await bench.board.locator('[data-testid="deal"]', { hasText: new RegExp(`^${deal}$`) }).waitFor({ timeout: 60_000 });
      assert.equal(await dialog.count(), 0);
      const game = dealt(deal);
      const move = nextMove(game);
      await bench.board.locator(`sol-card[data-card="${topCard(game, move)}"]`).click();
      await bench.board.locator(`sol-pile[data-pile="${move.to.kind}-${move.to.index}"]`).click();
      await boardShows(bench, 1);
      await bench.runCommand("New Baker's Game");
      await dialog.waitFor({ timeout: 15_000 });
    }
    // Both answers at once: two records written in the same moment, by two extension hosts.
    await Promise.all([workbench, second].map((bench) => bench.page.locator('.monaco-dialog-box').getByRole('button', { name: 'Abandon' }).click()));
    for (const bench of [workbench, second]) {
      await statisticsRow(bench, new RegExp(`^All variants\\s*${playedBefore + 4} played`));
      for (const deal of [3, 4]) await statisticsRow(bench, new RegExp(`^Baker's Game #${deal}\\s*abandoned · 1 move`));
    }
  });
});
