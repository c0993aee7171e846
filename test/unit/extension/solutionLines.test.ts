import * as assert from 'node:assert/strict';
import { applyMove, autoplay, formatBoard, isWon, legalMoves, newGame, playMove, type Game, type Move, type Position } from '../../../src/engine';
import { SolutionLines } from '../../../src/extension/assist/solutionLines';
import { solve } from '../../../src/solver/solve';

function dealt(variant: string, deal: number): Game {
  const game = newGame(variant, deal, { autoplay: true });
  assert.ok(game.ok);
  return game.value;
}

function solution(position: Position): readonly Move[] {
  const found = solve(position, { maxNodes: 2_000_000 });
  assert.equal(found.verdict, 'solvable');
  return found.moves!;
}

/** Whether `moves` played from `position`, each checked, win. */
function wins(position: Position, moves: readonly Move[]): boolean {
  let at = position;
  for (const move of moves) {
    const next = applyMove(at, move);
    if (!next.ok) return false;
    at = next.value.position;
  }
  return isWon(at);
}

describe('SolutionLines', () => {
  for (const [variant, deal] of [['good-measure', 2], ['bakers-dozen', 3], ['bakers-game', 1]] as const) {
    it(`answers every position of a ${variant} game played by its hints with auto-play, with a solution from there`, () => {
      const lines = new SolutionLines();
      let game = dealt(variant, deal);
      const first = solution(game.position);
      lines.remember(game.position, first);
      let answered = 0;
      while (!isWon(game.position)) {
        const rest = answered === 0 ? first : lines.rest(game.position);
        assert.ok(rest, `no answer after ${answered} hints`);
        assert.ok(wins(game.position, rest), `the answer after ${answered} hints does not win`);
        const played = playMove(game, rest[0]);
        assert.ok(played.ok);
        game = played.value;
        answered++;
      }
      assert.ok(answered > 20);
    });
  }

  it('knows nothing off the line, nor of a line with an illegal move or that does not win', () => {
    const lines = new SolutionLines();
    const start = dealt('good-measure', 2).position;
    const moves = solution(start);
    const elsewhere = legalMoves(start).find((move) => JSON.stringify(move) !== JSON.stringify(moves[0]));
    assert.ok(elsewhere);
    // The second move replaced by one that is not legal after the first; a line cut short.
    lines.remember(start, [moves[0], { from: { kind: 'foundation', index: 0 }, to: { kind: 'tableau', index: 0 }, count: 1 }, ...moves.slice(2)]);
    lines.remember(start, moves.slice(0, -1));
    assert.equal(lines.size, 0);
    lines.remember(start, moves);
    assert.deepEqual(lines.rest(after(start, moves, 1)), moves.slice(1));
    assert.equal(lines.rest(after(start, [elsewhere], 1)), undefined);
  });

  it('forgets the least recently used positions first', () => {
    // Two games (positions near the end of two deals of one game may be the same).
    const starts = [dealt('good-measure', 2).position, dealt('bakers-dozen', 3).position];
    const [first, second] = starts.map(solution);
    const settled = (position: Position): string => formatBoard(autoplay(position).position);
    const alone = (from: Position, line: readonly Move[]): number => {
      const lines = new SolutionLines();
      lines.remember(from, line);
      return lines.size;
    };
    // Room for both lines but one position: the least recently used one goes.
    const lines = new SolutionLines(alone(starts[0], first) + alone(starts[1], second) - 1);
    lines.remember(starts[0], first);
    // Asked for, position 1 is used more recently than the others of the first line.
    const position = (count: number): Position => after(starts[0], first, count);
    assert.ok(lines.rest(position(1)));
    const oldest = [2, 3, 4, 5].find((count) => settled(position(count)) !== settled(position(1)));
    assert.ok(oldest !== undefined);
    lines.remember(starts[1], second);
    assert.equal(lines.rest(position(oldest)), undefined, `position ${oldest} was not forgotten`);
    assert.ok(lines.rest(position(1)), 'position 1 was forgotten');
    assert.ok(lines.rest(position(oldest + 1)) ?? lines.rest(position(oldest + 2)));
    assert.ok(lines.rest(after(starts[1], second, 1)));
  });

  it('answers a position whose cards went home sooner than the solution sends them, without those moves', () => {
    // Baker's Game deal 1: its solution moves a card from a cell before sending home a card
    // that auto-play sends home at once.
    const start = dealt('bakers-game', 1).position;
    const moves = solution(start);
    const lines = new SolutionLines();
    lines.remember(start, moves);
    let found = 0;
    for (let count = 1; count < moves.length; count++) {
      const raw = after(start, moves, count);
      const settledHere = autoplay(raw);
      if (settledHere.moves.length === 0) continue;
      const rest = lines.rest(settledHere.position);
      assert.ok(rest && wins(settledHere.position, rest), `no solution after ${count} moves and auto-play`);
      assert.ok(rest.length < moves.length - count, 'the moves auto-play made are still in the rest');
      found++;
    }
    assert.ok(found > 0, 'auto-play never went ahead of the solution');
  });
});

function after(start: Position, moves: readonly Move[], count: number): Position {
  return moves.slice(0, count).reduce((at, move) => performed(at, move), start);
}

function performed(position: Position, move: Move): Position {
  const next = applyMove(position, move);
  assert.ok(next.ok);
  return next.value.position;
}
