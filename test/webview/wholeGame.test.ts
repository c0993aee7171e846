import * as assert from 'node:assert/strict';
import { formatCard, newGame, performMove, playMove, type Game, type Move, type PileRef, type Position } from '../../src/engine';
import { solve } from '../../src/solver';
import { boardPageForSuite, type BoardPage } from './page';
import { viewOf } from './views';

/** The card a move carries first, looked up before the move. */
function cardOf(position: Position, move: Move): number | undefined {
  if (move.from.kind === 'cell') return position.cells[move.from.index] ?? undefined;
  const column = position.columns[move.from.index];
  return column?.[column.length - move.count];
}

/**
 * Plays a whole deal to a win through the board alone: the test is the host (it applies each
 * posted move with the engine, auto-play on, and sends the new view), `playOne` is the player.
 */
async function winWholeDeal(board: BoardPage, dealNumber: number, playOne: (game: Game, move: Move) => Promise<void>): Promise<number> {
  const dealt = newGame('bakers-game', dealNumber, { autoplay: true });
  assert.ok(dealt.ok);
  let game = dealt.value;
  const solution = solve(game.position);
  assert.equal(solution.verdict, 'solvable');
  let expected = game.position;
  let seq = 1000 * dealNumber;
  let played = 0;
  await board.show(viewOf(game, { seq: ++seq }));
  for (const move of solution.moves!) {
    const card = cardOf(expected, move);
    expected = performMove(expected, move);
    // Auto-play already sent this card home.
    if (card !== undefined && game.position.foundations.some((pile) => pile.includes(card))) continue;
    await board.takePosted();
    await playOne(game, move);
    const posted = (await board.takePosted()).filter((message) => message.type === 'move');
    assert.equal(posted.length, 1, `move ${played + 1}: the board posted ${JSON.stringify(posted)}`);
    const message = posted[0];
    assert.equal(message.type === 'move' && message.seq, seq);
    const next = playMove(game, message.type === 'move' ? { from: message.from, to: message.to, count: message.count } : move);
    assert.ok(next.ok, `move ${played + 1} refused by the engine`);
    game = next.value;
    played++;
    await board.show(viewOf(game, { seq: ++seq }));
  }
  await board.page.locator('[data-testid="game-over"][data-status="won"]').waitFor({ timeout: 5000 });
  return played;
}

describe('a whole deal, won in Chromium', function () {
  this.timeout(180_000);
  let board: BoardPage;

  boardPageForSuite((opened) => (board = opened));

  it('with the mouse alone: click a card, then its target', async () => {
    const played = await winWholeDeal(board, 1, async (game, move) => {
      const card = cardOf(game.position, move);
      assert.ok(card !== undefined);
      await board.page.locator(`sol-card[data-card="${formatCard(card)}"]`).click();
      await board.page.locator(`sol-pile[data-pile="${move.to.kind}-${move.to.index}"]`).click();
    });
    console.log(`      deal 1 won with ${played} clicks-and-targets`);
  });

  it('with the keyboard alone: arrows, Enter, arrows, Enter', async () => {
    await board.page.locator('sol-board').focus();
    let cursor: PileRef | undefined;
    const go = async (game: Game, to: PileRef): Promise<void> => {
      if (!cursor || (to.kind === 'tableau') !== (cursor.kind === 'tableau')) {
        await board.page.keyboard.press(to.kind === 'tableau' ? 'ArrowDown' : 'ArrowUp');
        await board.page.keyboard.press('Home');
        cursor = to.kind === 'tableau' ? { kind: 'tableau', index: 0 } : { kind: 'cell', index: 0 };
      }
      const flat = (ref: PileRef): number => (ref.kind === 'foundation' ? game.position.cells.length + ref.index : ref.index);
      const steps = flat(to) - flat(cursor);
      for (let i = 0; i < Math.abs(steps); i++) await board.page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
      cursor = to;
    };
    const played = await winWholeDeal(board, 5, async (game, move) => {
      await go(game, move.from);
      await board.page.keyboard.press('Enter');
      await go(game, move.to);
      await board.page.keyboard.press('Enter');
    });
    console.log(`      deal 5 won with ${played} keyboard moves`);
  });
});
