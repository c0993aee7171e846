import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Game } from '../../src/engine';
import { clickMoves as clickBoardMoves, dealt } from './deals';
import { answerAbandon, openWorkbench, screenshotFailuresAndClose, type Workbench } from './workbench';

/**
 * One game after another, as a player plays them in the workbench: every way of starting a
 * game on an open board must put that game on the board at once, and the board must go on
 * taking moves. (Once, a new game after moves left the old board up for good.)
 */

/** Writes user settings as a player editing settings.json would; the workbench picks them up. */
function setUserSettings(changes: Record<string, unknown>): void {
  const runDir = process.env.CODE_SERVER_RUN_DIR;
  assert.ok(runDir, 'CODE_SERVER_RUN_DIR is set by the harness');
  const path = join(runDir, 'user-data', 'User', 'settings.json');
  const settings = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, JSON.stringify({ ...settings, ...changes }, null, 2));
}

/** Waits until the board's move counter and deal number read as given. */
async function boardShowsOn(workbench: Workbench, deal: number | undefined, moves: number): Promise<void> {
  if (deal !== undefined) await workbench.board.locator('[data-testid="deal"]', { hasText: new RegExp(`^${deal}$`) }).waitFor({ timeout: 15_000 });
  await workbench.board.locator('[data-testid="moves"]', { hasText: new RegExp(`^${moves}$`) }).waitFor({ timeout: 15_000 });
}

/** Asks for deal `number` with Open Deal Number… from the command palette. */
async function openDealOn(workbench: Workbench, number: number): Promise<void> {
  await workbench.runCommand('Solitaire: Open Deal Number…');
  const input = workbench.page.locator('.quick-input-widget .quick-input-box input');
  await workbench.page.locator('.quick-input-widget .quick-input-title', { hasText: /^Open Deal Number/ }).waitFor({ timeout: 10_000 });
  await input.fill(String(number));
  await workbench.page.keyboard.press('Enter');
}

describe('one game after another, through the workbench', () => {
  let workbench: Workbench;

  /** The board's move counter and deal number, once they read as given. */
  const boardShows = (deal: number | undefined, moves: number): Promise<void> => boardShowsOn(workbench, deal, moves);

  const dealOnBoard = async (): Promise<number> => Number(await workbench.board.locator('[data-testid="deal"]').textContent());

  /** Plays `count` moves by clicking, from `game` as the board shows it; returns the game after them. */
  const clickMoves = (game: Game, count: number): Promise<Game> => clickBoardMoves(workbench.board, game, count);

  const openDeal = (number: number): Promise<void> => openDealOn(workbench, number);

  const abandon = (): Promise<void> => answerAbandon(workbench);

  before(async () => {
    setUserSettings({ 'bakersGame.playbackDelay': 0 });
    workbench = await openWorkbench();
  });

  screenshotFailuresAndClose(() => workbench);

  it('deal 1, three moves, then New Baker\'s Game: the new deal is on the board and takes moves', async () => {
    await workbench.runCommand('Solitaire: Show Board');
    await workbench.board.locator('sol-card').first().waitFor({ timeout: 30_000 });
    await openDeal(1);
    // A game in progress from an earlier suite may be asked about first.
    const dialog = workbench.page.locator('.monaco-dialog-box');
    const shown = workbench.board.locator('[data-testid="deal"]', { hasText: /^1$/ });
    await Promise.race([dialog.waitFor({ timeout: 15_000 }), shown.waitFor({ timeout: 15_000 })]);
    if (await dialog.isVisible()) await abandon();
    await boardShows(1, 0);
    await clickMoves(dealt(1), 3);

    await workbench.runCommand("New Baker's Game");
    await abandon();
    await boardShows(undefined, 0);
    const deal = await dealOnBoard();
    assert.notEqual(deal, 1, 'a new deal number is on the board');
    await workbench.page.locator('.statusbar-item', { hasText: `Baker's Game #${deal}` }).first().waitFor({ timeout: 10_000 });
    // The board takes moves: the first was once refused as stale, for ever.
    await clickMoves(dealt(deal), 2);
  });

  it('Restart Deal after moves puts the same deal back at move 0, and it plays on', async () => {
    const deal = await dealOnBoard();
    await workbench.runCommand('Solitaire: Restart Deal');
    await abandon();
    await boardShows(deal, 0);
    await clickMoves(dealt(deal), 1);
  });

  it('Open Deal Number… after moves shows that deal', async () => {
    await openDeal(2);
    await abandon();
    await boardShows(2, 0);
    await clickMoves(dealt(2), 1);
  });

  it('Undo at the start, then a move: the move is taken', async () => {
    await openDeal(3);
    await abandon();
    await boardShows(3, 0);
    await workbench.runCommand('Solitaire: Undo');
    await workbench.board.locator('sol-board').click({ position: { x: 4, y: 4 } });
    await workbench.board.locator('sol-board').press('u');
    const afterTwo = await clickMoves(dealt(3), 2);
    await workbench.runCommand('Solitaire: Undo');
    await boardShows(3, 1);
    await workbench.runCommand('Solitaire: Redo');
    await boardShows(3, 2);
    // Nothing left to redo: the next move must still be taken.
    await workbench.runCommand('Solitaire: Redo');
    await clickMoves(afterTwo, 1);
  });

  it('a win by Play Solution, then New game from the panel: the new deal is on the board', async () => {
    await openDeal(1);
    await abandon();
    await boardShows(1, 0);
    await workbench.runCommand('Solitaire: Play Solution');
    const panel = workbench.board.locator('[data-testid="game-over"][data-status="won"]');
    await panel.waitFor({ timeout: 120_000 });
    await panel.locator('button[data-command="newGame"]').click();
    // New game asks which game (the quick pick of New Game…); the last choice is first.
    const pickRow = workbench.page.locator('.quick-input-widget .monaco-list-row', { hasText: "Baker's Game" }).first();
    await pickRow.waitFor({ timeout: 10_000 });
    await pickRow.click();
    await boardShows(undefined, 0);
    assert.equal(await panel.count(), 0, 'the end panel is gone');
    const deal = await dealOnBoard();
    await clickMoves(dealt(deal), 1);
    await workbench.screenshot('ui-after-win.png');
  });
});

describe('a solution playing, through the workbench', () => {
  let workbench: Workbench;

  before(async () => {
    // Play Solution's own pace (the suite above plays at once), read when the window opens.
    setUserSettings({ 'bakersGame.playbackDelay': 200 });
    workbench = await openWorkbench();
  });

  after(() => {
    setUserSettings({ 'bakersGame.playbackDelay': 0 });
  });

  screenshotFailuresAndClose(() => workbench);

  it('Open Deal Number… while a solution plays: it stops before the Abandon question, and Cancel keeps the game where it stopped', async () => {
    // It went on playing under the dialog, once to a win the dialog still called a loss (a play-test).
    await workbench.runCommand('Solitaire: Show Board');
    await workbench.board.locator('sol-card').first().waitFor({ timeout: 30_000 });
    await openDealOn(workbench, 1);
    const dialog = workbench.page.locator('.monaco-dialog-box');
    const shown = workbench.board.locator('[data-testid="deal"]', { hasText: /^1$/ });
    await Promise.race([dialog.waitFor({ timeout: 15_000 }), shown.waitFor({ timeout: 15_000 })]);
    if (await dialog.isVisible()) await answerAbandon(workbench);
    await boardShowsOn(workbench, 1, 0);
    await workbench.runCommand('Solitaire: Play Solution');
    const moves = workbench.board.locator('[data-testid="moves"]');
    await workbench.board.locator('[data-testid="moves"]', { hasText: /^[3-9]$/ }).waitFor({ timeout: 15_000 });
    await openDealOn(workbench, 2);
    await dialog.waitFor({ timeout: 15_000 });
    const asked = await moves.textContent();
    // Long enough for several moves at this pace, had it gone on.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    assert.equal(await moves.textContent(), asked, 'the solution played on under the dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 800));
    assert.equal(Number(await workbench.board.locator('[data-testid="deal"]').textContent()), 1);
    assert.equal(await moves.textContent(), asked, 'the solution played on after Cancel');
    await openDealOn(workbench, 2);
    await answerAbandon(workbench);
    await boardShowsOn(workbench, 2, 0);
  });
});
