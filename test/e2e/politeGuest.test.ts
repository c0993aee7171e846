import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Game } from '../../src/engine';
import { clickMoves as clickBoardMoves, dealt, nextMove, topCard } from './deals';
import { answerAbandon, openWorkbench, screenshotFailuresAndClose, type Workbench } from './workbench';

/**
 * A good guest in the editor: our keys act only while the player is on the board, a game closed
 * in its tab is still asked about and counted, and a game counted as lost ends on the board.
 */

const NOTES = 'notes.txt';

describe('a good guest in the editor, through the workbench', () => {
  let workbench: Workbench;

  const movesShown = (moves: number) => workbench.board.locator('[data-testid="moves"]', { hasText: new RegExp(`^${moves}$`) });
  const boardShows = async (deal: number | undefined, moves: number): Promise<void> => {
    if (deal !== undefined) await workbench.board.locator('[data-testid="deal"]', { hasText: new RegExp(`^${deal}$`) }).waitFor({ timeout: 15_000 });
    await movesShown(moves).waitFor({ timeout: 15_000 });
  };

  const clickMoves = (game: Game, count: number): Promise<Game> => clickBoardMoves(workbench.board, game, count);

  const dialog = () => workbench.page.locator('.monaco-dialog-box');

  const abandon = (): Promise<void> => answerAbandon(workbench);

  /** Opens a deal; a game in progress is abandoned when the question comes. */
  const openDeal = async (number: number, expectQuestion: boolean | 'maybe'): Promise<void> => {
    await workbench.runCommand('Solitaire: Open Deal Number…');
    const input = workbench.page.locator('.quick-input-widget .quick-input-box input');
    await workbench.page.locator('.quick-input-widget .quick-input-title', { hasText: /^Open Deal Number/ }).waitFor({ timeout: 10_000 });
    await input.fill(String(number));
    await workbench.page.keyboard.press('Enter');
    const shown = workbench.board.locator('[data-testid="deal"]', { hasText: new RegExp(`^${number}$`) });
    if (expectQuestion === true) await abandon();
    else if (expectQuestion === 'maybe') {
      await Promise.race([dialog().waitFor({ timeout: 15_000 }), shown.waitFor({ timeout: 15_000 })]);
      if (await dialog().isVisible()) await abandon();
    }
    await boardShows(number, 0);
  };

  /** Clicks an empty spot of the table, so the board has the keyboard focus. */
  const focusBoard = async (): Promise<void> => {
    const board = workbench.board.locator('sol-board');
    const box = await board.boundingBox();
    assert.ok(box);
    await board.click({ position: { x: 6, y: box.height - 6 } });
  };

  const statisticsRows = async () => {
    const view = workbench.page.locator('[id="workbench.view.extension.bakersGame"]');
    // The activity bar's icon toggles the side bar: click it only while the view is hidden.
    if (!(await view.isVisible())) await workbench.page.locator('.activitybar .action-item .action-label[aria-label^="Solitaire"]').click();
    return view.locator('.monaco-list-row');
  };

  before(async () => {
    const runDir = process.env.CODE_SERVER_RUN_DIR;
    assert.ok(runDir, 'CODE_SERVER_RUN_DIR is set by the harness');
    writeFileSync(join(runDir, 'workspace', NOTES), 'hello\n');
    workbench = await openWorkbench();
  });

  screenshotFailuresAndClose(() => workbench);

  it('Ctrl+Z, Ctrl+Y and F2 keep their meaning in Search, a text file and the Explorer, and act on the board only when it has the focus', async () => {
    await workbench.runCommand('Solitaire: Show Board');
    await workbench.board.locator('sol-card').first().waitFor({ timeout: 30_000 });
    await openDeal(1, 'maybe');
    const afterTwo = await clickMoves(dealt(1), 2);

    // Search: the typed text is undone, the game is not.
    await workbench.runCommand('Search: Find in Files');
    const searchBox = workbench.page.locator('.search-view .search-widget .monaco-findInput').first().locator('textarea, input').first();
    await searchBox.waitFor({ timeout: 10_000 });
    await workbench.page.keyboard.type('abc');
    assert.equal(await searchBox.inputValue(), 'abc');
    await workbench.page.keyboard.press('Control+z');
    await workbench.page.keyboard.press('Control+y');
    await workbench.page.keyboard.press('Control+Shift+z');
    await workbench.page.keyboard.press('Control+z');
    console.log(`      search box after Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z, Ctrl+Z: ${JSON.stringify(await searchBox.inputValue())}`);
    assert.notEqual(await searchBox.inputValue(), 'abc', 'Ctrl+Z undid the typing in the search box');
    // The board is still in its tab, visible: it must still show two moves.
    await movesShown(2).waitFor({ timeout: 5_000 });

    // A text file: Ctrl+Z undoes the typing there, and the board keeps its moves.
    await workbench.page.keyboard.press('Control+p');
    await workbench.page.locator('.quick-input-widget .quick-input-box input').fill(NOTES);
    await workbench.page.locator('.quick-input-widget .monaco-list-row', { hasText: NOTES }).first().click();
    const editor = workbench.page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ timeout: 15_000 });
    await editor.locator('.view-lines').click();
    await workbench.page.keyboard.press('Control+End');
    await workbench.page.keyboard.type('typed');
    await editor.locator('.view-lines', { hasText: 'typed' }).waitFor({ timeout: 5_000 });
    await workbench.page.keyboard.press('Control+z');
    await editor.locator('.view-lines', { hasText: 'typed' }).waitFor({ state: 'detached', timeout: 5_000 });
    await workbench.page.keyboard.press('Control+y');
    await editor.locator('.view-lines', { hasText: 'typed' }).waitFor({ timeout: 5_000 });

    // F2 in the Explorer renames the file; it does not open New Game.
    await workbench.runCommand('File: Focus on Files Explorer');
    const row = workbench.page.locator('.explorer-folders-view .monaco-list-row', { hasText: NOTES }).first();
    await row.click();
    await workbench.page.keyboard.press('F2');
    const rename = workbench.page.locator('.explorer-folders-view .monaco-inputbox input');
    await rename.waitFor({ timeout: 5_000 });
    assert.equal(await workbench.page.locator('.quick-input-widget .quick-input-title', { hasText: 'New Game' }).isVisible(), false, 'F2 opened New Game');
    await workbench.page.keyboard.press('Escape');

    // The palette opened from the board, typed in and undone at once, again and again: the
    // focus news from the board may not have reached the host yet, the palette is open all the same.
    await workbench.runCommand('Solitaire: Show Board');
    const palette = workbench.page.locator('.quick-input-widget');
    for (let attempt = 0; attempt < 5; attempt++) {
      await focusBoard();
      await workbench.page.keyboard.press('F1');
      // Typed as soon as the palette is drawn (on a busy machine a key pressed before that goes
      // elsewhere, and the Escape meant for the palette is lost).
      await palette.waitFor({ state: 'visible', timeout: 10_000 });
      await workbench.page.keyboard.type('abc');
      await workbench.page.keyboard.press('Control+z');
      await workbench.page.keyboard.press('Escape');
      await palette.waitFor({ state: 'hidden', timeout: 10_000 });
    }
    assert.equal(await movesShown(2).count(), 1, 'Ctrl+Z in the palette left the game alone');

    // Back on the board: the same keys act on the game.
    await workbench.runCommand('Solitaire: Show Board');
    await movesShown(2).waitFor({ timeout: 5_000 });
    await focusBoard();
    await workbench.page.keyboard.press('Control+z');
    await movesShown(1).waitFor({ timeout: 5_000 });
    await workbench.page.keyboard.press('Control+y');
    await movesShown(2).waitFor({ timeout: 5_000 });
    await workbench.page.keyboard.press('Control+Shift+z');
    await workbench.page.keyboard.press('Control+z');
    await movesShown(1).waitFor({ timeout: 5_000 });
    await workbench.page.keyboard.press('F2');
    const newGameTitle = workbench.page.locator('.quick-input-widget .quick-input-title', { hasText: 'New Game' });
    await newGameTitle.waitFor({ timeout: 5_000 });
    await workbench.page.keyboard.press('Escape');
    await newGameTitle.waitFor({ state: 'hidden', timeout: 5_000 });
    assert.ok(afterTwo.done.length >= 2);
  });

  it('a game whose tab was closed is asked about and counted when another deal starts', async () => {
    await openDeal(4, true);
    await clickMoves(dealt(4), 1);
    await workbench.runCommand('View: Close Editor');
    await workbench.board.locator('sol-board').waitFor({ state: 'detached', timeout: 10_000 });
    // The status bar still offers the game, and brings it back.
    await workbench.page.locator('.statusbar-item', { hasText: "Baker's Game #4" }).first().waitFor({ timeout: 10_000 });
    await openDeal(5, true);
    const rows = await statisticsRows();
    await rows.filter({ hasText: /Baker's Game #4.*abandoned · 1 moves? / }).first().waitFor({ timeout: 15_000 });
  });

  it('a game counted as lost ends on the board: its panel, no more moves, and the statistics say lost (proved)', async () => {
    await openDeal(10, 'maybe');
    const game = await clickMoves(dealt(10), 1);
    const badge = workbench.board.locator('[data-testid="badge"][data-verdict="lost"]');
    await badge.waitFor({ timeout: 30_000 });
    await workbench.board.locator('sol-toolbar button[data-command="acceptLoss"]').click();
    const panel = workbench.board.locator('[data-testid="game-over"][data-status="lost"]');
    await panel.waitFor({ timeout: 10_000 });
    assert.match(await panel.innerText(), /Counted as lost/);
    assert.equal(await workbench.board.locator('sol-toolbar button[data-command="acceptLoss"]').count(), 0, 'no second Count it as lost');
    await workbench.screenshot('ui-counted-lost.png');
    // No more moves: a click on a card and a target changes nothing, and neither does undo.
    const move = nextMove(game);
    await workbench.board.locator(`sol-card[data-card="${topCard(game, move)}"]`).click({ force: true });
    await workbench.board.locator(`sol-pile[data-pile="${move.to.kind}-${move.to.index}"]`).click({ force: true });
    await workbench.runCommand('Solitaire: Undo');
    await movesShown(1).waitFor({ timeout: 5_000 });
    assert.equal(await movesShown(1).count(), 1);
    const rows = await statisticsRows();
    await rows.filter({ hasText: /Baker's Game #10.*lost \(proved\)/ }).first().waitFor({ timeout: 15_000 });
    // The panel's New game starts one (after the choice of game), without asking again.
    await workbench.board.locator('[data-testid="game-over"] button[data-command="newGame"]').click();
    const pickRow = workbench.page.locator('.quick-input-widget .monaco-list-row', { hasText: "Baker's Game" }).first();
    await pickRow.waitFor({ timeout: 10_000 });
    await pickRow.click();
    await boardShows(undefined, 0);
    assert.equal(await dialog().count(), 0, 'no question for a game that has ended');
  });
});
