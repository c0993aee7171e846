import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { formatCard, legalMoves, newGame, playMove, type Game, type Move } from '../../src/engine';

/** The next move a UI test plays: never home, so the counter on the board is the test's alone. */
export function nextMove(game: Game): Move {
  const move = legalMoves(game.position).find((candidate) => candidate.to.kind !== 'foundation' && candidate.count === 1);
  assert.ok(move, 'no legal move left in the test deal');
  return move;
}

/** The code of the card a single-card move takes ("7C"). */
export function topCard(game: Game, move: Move): string {
  const { from } = move;
  const card = from.kind === 'tableau' ? game.position.columns[from.index].at(-1) : game.position.cells[from.index];
  assert.ok(card !== undefined && card !== null);
  return formatCard(card);
}

/** Baker's Game deal `number` as the extension deals it (safe auto-play). */
export function dealt(number: number): Game {
  const game = newGame('bakers-game', number, { autoplay: true });
  assert.ok(game.ok);
  return game.value;
}

/**
 * Plays `count` moves of {@link nextMove} from `game`, as the board shows it, by clicking the
 * card and then its target, each one seen on the board's move counter; returns the game after
 * them.
 */
export async function clickMoves(board: FrameLocator, game: Game, count: number): Promise<Game> {
  let current = game;
  const before = current.done.length;
  for (let n = 1; n <= count; n++) {
    const move = nextMove(current);
    await board.locator(`sol-card[data-card="${topCard(current, move)}"]`).click();
    await board.locator(`sol-pile[data-pile="${move.to.kind}-${move.to.index}"]`).click();
    await board.locator('[data-testid="moves"]', { hasText: new RegExp(`^${before + n}$`) }).waitFor({ timeout: 15_000 });
    const next = playMove(current, move);
    assert.ok(next.ok);
    current = next.value;
  }
  return current;
}
