import * as assert from 'node:assert/strict';
import { formatCard, legalMoves, newGame, type Game, type Move } from '../../src/engine';

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
