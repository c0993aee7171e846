import * as assert from 'node:assert/strict';
import { newGame } from '../../src/engine';
import { clickMoves } from './deals';
import { answerAbandon, openWorkbench, screenshotFailuresAndClose, type Workbench } from './workbench';

/**
 * The README's pictures of Baker's Dozen and of the statistics chart, taken in the workbench
 * (copied to media/screenshots/ by hand when they change). Each also checks what it shows.
 */
describe('screenshots for the README, through the workbench', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench();
  });

  screenshotFailuresAndClose(() => workbench);

  it("Baker's Dozen, chosen in New Game…", async () => {
    await workbench.runCommand('Solitaire: Show Board');
    await workbench.board.locator('sol-card').first().waitFor({ timeout: 30_000 });
    await workbench.runCommand('Solitaire: New Game…');
    // The list shows only its first rows: filter it, as a player types.
    await workbench.page.locator('.quick-input-widget .quick-input-box input').fill('bakers-dozen');
    const row = workbench.page
      .locator('.quick-input-widget .monaco-list-row')
      .filter({ hasText: 'bakers-dozen' })
      .filter({ hasNotText: 'bakers-dozen-easy' })
      .first();
    await row.waitFor({ timeout: 10_000 });
    await row.click();
    const dialog = workbench.page.locator('.monaco-dialog-box');
    const variant = workbench.board.locator('[data-testid="variant"]', { hasText: /^Baker's Dozen$/ });
    await Promise.race([dialog.waitFor({ timeout: 15_000 }), variant.waitFor({ timeout: 15_000 })]);
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Abandon' }).click();
    await variant.waitFor({ timeout: 15_000 });
    assert.equal(await workbench.board.locator('sol-pile[data-pile^="tableau-"]').count(), 13);
    await workbench.boardSettled();
    await workbench.screenshot('ui-bakers-dozen.png');
  });

  it('the statistics chart', async () => {
    // The chart needs a recorded game even when this suite runs alone: one move in the deal on
    // the board, then a new game, which counts it as abandoned.
    const deal = Number(await workbench.board.locator('[data-testid="deal"]').textContent());
    const dealt = newGame('bakers-dozen', deal, { autoplay: true });
    assert.ok(dealt.ok);
    await clickMoves(workbench.board, dealt.value, 1);
    await workbench.runCommand("New Baker's Game");
    await answerAbandon(workbench);
    await workbench.board.locator('[data-testid="variant"]', { hasText: /^Baker's Game$/ }).waitFor({ timeout: 15_000 });
    await workbench.runCommand('Solitaire: Show Statistics Chart');
    const chart = workbench.page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame').locator('sol-chart');
    await chart.locator('svg').first().waitFor({ timeout: 30_000 });
    await workbench.screenshot('ui-chart.png');
  });
});
