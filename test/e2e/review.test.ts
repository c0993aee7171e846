import * as assert from 'node:assert/strict';
import { legalMoves, playMove, type Game, type Move } from '../../src/engine';
import { dealt, topCard } from './deals';
import { openWorkbench, screenshotFailuresAndClose, type Workbench } from './workbench';

/** The deal this test plays and abandons (one no other UI test plays, so its Recent games row is its own). */
const DEAL = 5;
/** How many moves it plays before abandoning. */
const MOVES = 8;
/** What a mark on the timeline can say once the solver has answered. */
const MARK_KINDS = ['winnable', 'detour', 'losing', 'lost', 'unknown'];

/** The next move this test plays: a card onto another column when one can go, else from a column anywhere but home. */
function nextMove(game: Game): Move {
  const { position } = game;
  const moves = legalMoves(position).filter((move) => move.to.kind !== 'foundation' && move.count === 1 && move.from.kind === 'tableau');
  const move = moves.find((candidate) => candidate.to.kind === 'tableau' && (position.columns[candidate.to.index]?.length ?? 0) > 0) ?? moves[0];
  assert.ok(move, 'no move left in the test deal');
  return move;
}

/**
 * Review, as a player meets it in the workbench: a game abandoned, opened again from Recent
 * games with the row's Review button, stepped through by keys and by the slider, its timeline
 * marked by the solver, and the better move shown; the README's picture of it.
 */
describe('review of a finished game, through the workbench', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench();
  });

  screenshotFailuresAndClose(() => workbench);

  it('abandon a game, Review it from Recent games, step by keys and slider, see the marks and the better move', async () => {
    const { page, board } = workbench;
    await workbench.runCommand('Solitaire: Show Board');
    await board.locator('sol-card').first().waitFor({ timeout: 30_000 });
    await workbench.runCommand('Solitaire: Open Deal Number…');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: /^Open Deal Number/ }).waitFor({ timeout: 10_000 });
    await page.locator('.quick-input-widget .quick-input-box input').fill(String(DEAL));
    await page.keyboard.press('Enter');
    const dialog = page.locator('.monaco-dialog-box');
    const dealShown = board.locator('[data-testid="deal"]', { hasText: new RegExp(`^${DEAL}$`) });
    await Promise.race([dialog.waitFor({ timeout: 15_000 }), dealShown.waitFor({ timeout: 15_000 })]);
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Abandon' }).click();
    await dealShown.waitFor({ timeout: 15_000 });

    let game: Game = dealt(DEAL);
    for (let n = 1; n <= MOVES; n++) {
      const move = nextMove(game);
      await board.locator(`sol-card[data-card="${topCard(game, move)}"]`).click();
      await board.locator(`sol-pile[data-pile="${move.to.kind}-${move.to.index}"]`).click();
      await board.locator('[data-testid="moves"]', { hasText: new RegExp(`^${n}$`) }).waitFor({ timeout: 15_000 });
      const next = playMove(game, move);
      assert.ok(next.ok);
      game = next.value;
    }
    await workbench.runCommand("New Baker's Game");
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Abandon' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });

    // Recent games: the row of that game, and its inline Review button (shown on hover).
    const view = page.locator('[id="workbench.view.extension.bakersGame"]');
    if (!(await view.isVisible())) await page.locator('.activitybar .action-item .action-label[aria-label^="Solitaire"]').click();
    const row = view.locator('.monaco-list-row', { hasText: `Baker's Game #${DEAL}` }).first();
    await row.waitFor({ timeout: 15_000 });
    assert.match((await row.textContent()) ?? '', new RegExp(`abandoned|${MOVES} moves`));
    await row.hover();
    await row.locator('.action-label[aria-label^="Review Game"]').click();

    // The review tab: its own webview, the newest one.
    const review = page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame').locator('sol-review');
    const position = review.locator('[data-testid="position"]');
    await position.filter({ hasText: /^Start position$/ }).waitFor({ timeout: 30_000 });
    // Abandoned, or lost when the badge's solver had proved it so before the new deal.
    await review.locator('[data-testid="title"]', { hasText: new RegExp(`#${DEAL} · (abandoned|lost) after ${MOVES} moves`) }).waitFor({ timeout: 10_000 });

    // Every move gets its mark once the solver has answered for every position.
    await review.locator('[data-testid="progress"]').waitFor({ state: 'detached', timeout: 60_000 });
    const marks = review.locator('sol-timeline button[data-move]');
    assert.equal(await marks.count(), MOVES + 1, 'the start and one mark per move');
    for (let move = 1; move <= MOVES; move++) {
      const kind = await marks.nth(move).getAttribute('data-kind');
      assert.ok(kind && MARK_KINDS.includes(kind), `move ${move}: ${kind}`);
    }

    // Keys: Right twice, Left once; End; Home.
    await review.locator('[data-testid="title"]').click();
    await page.keyboard.press('ArrowRight');
    await position.filter({ hasText: new RegExp(`^After move 1 of ${MOVES}:`) }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('ArrowRight');
    await position.filter({ hasText: new RegExp(`^After move 2 of ${MOVES}:`) }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('ArrowLeft');
    await position.filter({ hasText: new RegExp(`^After move 1 of ${MOVES}:`) }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('End');
    await position.filter({ hasText: new RegExp(`^After move ${MOVES} of ${MOVES}:`) }).waitFor({ timeout: 10_000 });
    assert.equal(await marks.nth(MOVES).getAttribute('aria-current'), 'step', 'the timeline shows where we are');
    await page.keyboard.press('Home');
    await position.filter({ hasText: /^Start position$/ }).waitFor({ timeout: 10_000 });

    // The slider, to the middle of the game.
    const middle = MOVES / 2;
    await review.locator('input[type="range"]').fill(String(middle));
    await position.filter({ hasText: new RegExp(`^After move ${middle} of ${MOVES}:`) }).waitFor({ timeout: 10_000 });
    assert.equal(await marks.nth(middle).getAttribute('aria-current'), 'step');

    // The better move, from a position the solver has a solution for (the start has one when no later one has).
    const better = review.locator('button[data-action="better"]');
    if (await better.isDisabled()) {
      await page.keyboard.press('Home');
      await position.filter({ hasText: /^Start position$/ }).waitFor({ timeout: 10_000 });
    }
    assert.equal(await better.isDisabled(), false, 'the solver has a better move from here');
    await better.click();
    const ghost = review.locator('[data-testid="ghost"]');
    await ghost.waitFor({ timeout: 10_000 });
    assert.match((await ghost.textContent()) ?? '', /^The better move: /);
    assert.equal(await better.getAttribute('aria-pressed'), 'true');
    await review.locator('sol-board').evaluate(async (element) => {
      await (element as Element & { updateComplete?: Promise<boolean> }).updateComplete;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    await workbench.screenshot('ui-review.png');

    // Escape leaves the review: its tab closes.
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'detached', timeout: 10_000 });
  });
});
