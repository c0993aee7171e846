import * as assert from 'node:assert/strict';
import { legalMoves, type Game } from '../../src/engine';
import type { BoardView } from '../../src/protocol/webviewMessages';
import { boardPageForSuite, type BoardPage } from './page';
import { almostWon, deal, play, viewOf } from './views';

/**
 * Where the keys act is always seen: one focus mark at a time, the cursor on the table while
 * the table has the focus, and the table takes the focus when nothing else has it. Play-test 8
 * made a whole move by keyboard with neither the cursor nor a focus ring drawn, and saw the
 * cursor beside a toolbar button's focus ring.
 */
describe('the board webview: the keyboard focus and the cursor', function () {
  let board: BoardPage;
  let seq = 7000;
  let games = 0;

  boardPageForSuite((opened) => (board = opened));

  /** Shows `game` as another game than the one on the board (a new deal), and forgets what was posted. */
  const deal1 = async (game: Game, gameId = `focus-${++games}`): Promise<BoardView> => {
    const view = { ...viewOf(game, { seq: ++seq }), gameId };
    await board.show(view);
    await board.takePosted();
    return view;
  };
  /** A deal with one move made (Undo and Restart on). */
  const oneMoveIn = (): Game => {
    const game = deal('bakers-game', 4);
    return play(game, legalMoves(game.position).find((m) => m.to.kind === 'tableau') ?? legalMoves(game.position)[0]);
  };
  const focused = () =>
    board.page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'the page';
      let inner: Element | null = active;
      while (inner?.shadowRoot?.activeElement) inner = inner.shadowRoot.activeElement;
      return inner === active ? active.localName : `${active.localName} > ${inner?.localName ?? ''}[${inner?.getAttribute('data-command') ?? ''}]`;
    });
  const cursors = async () => {
    await board.settle();
    return board.page.locator('sol-pile[cursor]').count();
  };
  const button = (command: string) => board.page.locator(`sol-toolbar button[data-command="${command}"]`);
  /** Waits until the focus has left `from` (a disabled button loses it a moment later). */
  const focusLeaves = async (from: string) => {
    for (let tries = 0; tries < 40 && (await focused()) === from; tries++) await board.page.waitForTimeout(50);
  };

  it('Shift+Tab from the toolbar back to the table shows the cursor at once, no arrow needed', async () => {
    await deal1(oneMoveIn());
    // A click first: the cursor is off until the keyboard is used.
    await board.page.locator('sol-board').click({ position: { x: 4, y: 300 } });
    assert.equal(await cursors(), 0, 'no cursor after a click');
    await board.page.keyboard.press('Tab');
    assert.equal(await focused(), 'sol-board > button[undo]');
    await board.page.keyboard.press('Shift+Tab');
    assert.equal(await focused(), 'sol-board');
    assert.equal(await cursors(), 1, 'the table has the focus: its cursor shows');
  });

  it('Tab from the table to a toolbar button takes the cursor away: one focus mark at a time', async () => {
    await deal1(oneMoveIn());
    await board.page.locator('sol-board').focus();
    await board.page.keyboard.press('ArrowRight');
    assert.equal(await cursors(), 1);
    await board.page.keyboard.press('Tab');
    assert.equal(await focused(), 'sol-board > button[undo]');
    assert.equal(await cursors(), 0, 'the button has the focus ring, the table no cursor');
  });

  it('a win moves the focus to the panel, and the cursor goes with it', async () => {
    const game = almostWon();
    await deal1(game, 'focus-win');
    await board.page.locator('sol-board').focus();
    await board.page.keyboard.press('ArrowRight');
    assert.equal(await cursors(), 1);
    await board.show({ ...viewOf(play(game, { from: { kind: 'tableau', index: 0 }, to: { kind: 'foundation', index: 2 }, count: 1 }), { seq: ++seq }), gameId: 'focus-win' });
    assert.equal(await focused(), 'sol-board > button[newGame]');
    assert.equal(await cursors(), 0);
  });

  it('Restart by keyboard: the button goes off, the table takes the focus and shows its cursor', async () => {
    const view = await deal1(oneMoveIn(), 'focus-restart');
    await board.page.locator('sol-board').focus();
    await board.page.keyboard.press('ArrowRight');
    await button('restart').focus();
    await board.page.keyboard.press('Enter');
    assert.deepEqual(await board.takePosted(), [{ type: 'command', command: 'restart' }]);
    await board.show({ ...viewOf(deal('bakers-game', 4), { seq: view.seq + 1 }), gameId: 'focus-restart' });
    await focusLeaves('sol-board > button[restart]');
    assert.equal(await focused(), 'sol-board', 'not the page');
    assert.equal(await cursors(), 1);
  });

  it("the won panel's New game by keyboard: the next deal's table takes the focus and shows its cursor", async () => {
    const game = almostWon();
    await deal1(game, 'focus-won-new');
    await board.page.locator('sol-board').focus();
    await board.page.keyboard.press('ArrowRight');
    await board.show({ ...viewOf(play(game, { from: { kind: 'tableau', index: 0 }, to: { kind: 'foundation', index: 2 }, count: 1 }), { seq: ++seq }), gameId: 'focus-won-new' });
    assert.equal(await focused(), 'sol-board > button[newGame]');
    await board.page.keyboard.press('Enter');
    assert.deepEqual(await board.takePosted(), [{ type: 'command', command: 'newGame' }]);
    await deal1(deal('bakers-game', 6));
    assert.equal(await focused(), 'sol-board', 'not the page');
    assert.equal(await cursors(), 1);
  });

  it('a new deal while nothing has the focus (after the palette): the table takes it, or takes it when the page gets it back', async () => {
    await deal1(deal('bakers-game', 7));
    await board.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    assert.equal(await focused(), 'the page');
    await deal1(deal('bakers-game', 8));
    assert.equal(await focused(), 'sol-board');
    // The page without the focus (a quick pick of VS Code's is open): the table waits for it.
    await board.page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      document.hasFocus = () => false;
    });
    await deal1(deal('bakers-game', 9));
    assert.equal(await focused(), 'the page', 'no focus taken from VS Code');
    await board.page.evaluate(() => {
      delete (document as unknown as { hasFocus?: unknown }).hasFocus;
      window.dispatchEvent(new FocusEvent('focus'));
    });
    assert.equal(await focused(), 'sol-board');
  });

  it('keys with nothing focused bring the focus and the cursor to the table; Enter only says where the cursor is', async () => {
    const view = await deal1(deal('bakers-game', 10));
    const blur = () => board.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await blur();
    await board.page.keyboard.press('Home');
    assert.equal(await focused(), 'sol-board');
    assert.equal(await cursors(), 1, 'the cursor Home moved is drawn');
    assert.equal(await board.pile('tableau-0').getAttribute('cursor'), '');
    await blur();
    await board.page.keyboard.press('ArrowRight');
    assert.equal(await cursors(), 1);
    assert.equal(await board.pile('tableau-1').getAttribute('cursor'), '');
    await blur();
    await board.page.keyboard.press('Enter');
    assert.equal(await focused(), 'sol-board');
    assert.equal(await cursors(), 1);
    assert.equal(await board.page.locator('sol-card[selected]').count(), 0, 'nothing picked up unseen');
    const column = view.columns[1];
    assert.equal(await board.announced(), `${column.spoken}, ${column.cards[column.cards.length - 1].spoken}`);
    await board.page.keyboard.press('Enter');
    assert.match(await board.announced(), /^Picked up /, 'the next Enter picks up, the cursor in sight');
    await board.page.keyboard.press('Escape');
  });
});
