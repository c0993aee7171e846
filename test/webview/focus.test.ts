import * as assert from 'node:assert/strict';
import { legalMoves, type Game } from '../../src/engine';
import type { BoardView } from '../../src/protocol/webviewMessages';
import { boardPageForSuite, type BoardPage } from './page';
import { almostWon, deal, play, viewOf } from './views';

/**
 * Where the keys act is always seen: one focus mark at a time, the cursor on the table while
 * the table has the focus. Play-test 8 saw the cursor beside a toolbar button's focus ring.
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
});
