import * as assert from 'node:assert/strict';
import { formatMoves, newGame, performMove, playMove, type Game, type Move } from '../../../src/engine';
import { ReviewAnalysis, type PositionSolver } from '../../../src/extension/review/reviewAnalysis';
import { reviewedGameFromRecord, type ReviewedGame } from '../../../src/extension/review/reviewedGame';
import { solve } from '../../../src/solver';
import { sampleRecord } from '../stats/records';
import { lostGame as lostGameWithin } from '../../support/lostGame';

const BUDGET = { maxNodes: 300_000 };
/** {@link lostGameWithin} with this file's budget. */
const lostGame = (variant: string, deal: number, after: number): { game: Game; losing: number } => lostGameWithin(variant, deal, after, BUDGET);
/** The solver in this thread (the host uses the worker; the verdicts are the same). */
const inThread: PositionSolver = (position) => {
  const result = solve(position, BUDGET);
  return Promise.resolve({ verdict: result.verdict, moves: result.moves ?? [] });
};

function reviewed(game: Game, helpTurns: number[] = []): ReviewedGame {
  const record = sampleRecord({
    variant: game.variant,
    deal: game.dealNumber,
    moves: game.done.length,
    result: 'abandoned',
    turns: game.done.map((turn) => formatMoves(turn.moves, game.variant)),
    helpTurns,
    par: null,
  });
  const replayed = reviewedGameFromRecord(record);
  assert.ok(replayed.ok, replayed.ok ? '' : replayed.reason);
  return replayed.reviewed;
}

async function analyse(game: ReviewedGame): Promise<ReviewAnalysis> {
  const analysis = new ReviewAnalysis(game.positions, game.game.done.map((turn) => turn.moves[0]), game.helpTurns, false);
  let changes = 0;
  await analysis.run(inThread, new AbortController().signal, () => changes++);
  assert.ok(analysis.done);
  const won = game.game.done.length > 0 && game.positions[game.positions.length - 1].foundations.every((pile) => pile.length === 13);
  assert.equal(changes, game.positions.length - (won ? 1 : 0), 'one change per position searched (a won end needs none)');
  return analysis;
}

describe('review: the marks of a recorded game', function () {
  this.timeout(120_000);

  for (const [variant, deal] of [['bakers-dozen', 2], ['bakers-game', 1]] as const) {
    it(`${variant} deal ${deal}: the move that lost the deal is marked, the moves before it winnable, after it lost`, async () => {
      const { game, losing } = lostGame(variant, deal, 3);
      const analysis = await analyse(reviewed(game, [1]));
      const marks = analysis.marks();
      assert.equal(marks.length, game.done.length);
      assert.deepEqual(
        marks.filter((mark) => mark.kind === 'losing').map((mark) => mark.move),
        [losing],
      );
      for (const mark of marks) {
        if (mark.move < losing) assert.ok(mark.kind === 'winnable' || mark.kind === 'detour', `move ${mark.move}: ${mark.kind}`);
        if (mark.move > losing) assert.equal(mark.kind, 'lost', `move ${mark.move}`);
      }
      assert.equal(marks[0].help, true, 'the move made with help says so');
      assert.equal(marks[1]?.help, false);
      // From the position before the losing move the solver has a better move, and it keeps the deal winnable.
      const better = analysis.betterMove(losing - 1);
      assert.ok(better);
      const before = reviewed(game).positions[losing - 1];
      assert.notEqual(solve(performMove(before, better), BUDGET).verdict, 'unsolvable');
      assert.equal(analysis.betterMove(losing), undefined, 'no better move from a lost position');
    });
  }

  it('a won game: every move still winnable, and a wasted move is a detour', async () => {
    const dealt = newGame('bakers-game', 3);
    assert.ok(dealt.ok);
    const solution = solve(dealt.value.position, BUDGET).moves ?? [];
    let game = dealt.value;
    const play = (m: Move): void => {
      const next = playMove(game, m);
      assert.ok(next.ok, JSON.stringify(m));
      game = next.value;
    };
    // The solver's first move made in two: the card through a free cell, one move for nothing.
    const [first, ...rest] = solution;
    assert.ok(first && first.from.kind === 'tableau' && first.count === 1);
    play({ from: first.from, to: { kind: 'cell', index: 3 }, count: 1 });
    play({ from: { kind: 'cell', index: 3 }, to: first.to, count: 1 });
    for (const move of rest) play(move);
    const analysis = await analyse(reviewed(game));
    const marks = analysis.marks();
    assert.ok(marks.every((mark) => mark.kind === 'winnable' || mark.kind === 'detour'), marks.map((m) => m.kind).join(' '));
    assert.equal(marks[0].kind, 'detour', 'the card sent to a cell for nothing is a detour');
    assert.ok((marks[0].extra ?? 0) >= 1);
    const verdicts = analysis.verdicts();
    assert.equal(verdicts[verdicts.length - 1].length, 0);
    // The same move made with help (the solver's move, or a hint followed) is not the player's
    // detour: the review judges the player's choices (a play-test found Play Solution's moves
    // marked as detours).
    const helped = (await analyse(reviewed(game, [1]))).marks();
    assert.deepEqual(helped[0], { move: 1, kind: 'winnable', help: true });
    assert.deepEqual(helped.slice(1), marks.slice(1));
  });

  it("a won game's start is winnable in at most its own count until the solver answers for it, then in the solver's", async () => {
    const dealt = newGame('bakers-game', 3);
    assert.ok(dealt.ok);
    let game = dealt.value;
    for (const move of solve(game.position, BUDGET).moves ?? []) {
      const next = playMove(game, move);
      assert.ok(next.ok);
      game = next.value;
    }
    const replayed = reviewed(game);
    const partial = new ReviewAnalysis(replayed.positions, replayed.game.done.map((turn) => turn.moves[0]), replayed.helpTurns, false);
    const abort = new AbortController();
    let seen = 0;
    await partial.run(inThread, abort.signal, () => {
      if (++seen === 3) abort.abort();
    });
    // The review said "45 moves to a win (the shortest the solver found)" here, the game's own
    // count, while the solver then found 41 (a play-test).
    const start = partial.verdicts()[0];
    assert.equal(start.kind, 'winnable');
    assert.ok(start.length !== undefined && start.length > 0);
    assert.equal(start.provisional, true);
    assert.equal(partial.verdicts()[replayed.positions.length - 2].provisional, undefined, 'a position the solver answered');
    const full = await analyse(replayed);
    assert.ok(full.verdicts().every((verdict) => verdict.provisional === undefined));
  });

  it('streams: a cancelled review stops, and what it found stays', async () => {
    const { game } = lostGame('bakers-dozen', 2, 0);
    const replayed = reviewed(game);
    const analysis = new ReviewAnalysis(replayed.positions, replayed.game.done.map((turn) => turn.moves[0]), replayed.helpTurns, false);
    const abort = new AbortController();
    let seen = 0;
    await analysis.run(inThread, abort.signal, () => {
      if (++seen === 3) abort.abort();
    });
    assert.equal(analysis.done, false);
    assert.equal(analysis.answered, 3);
    // From the end backwards: three answers already place the losing move, and what the game proves marks the rest.
    assert.equal(analysis.marks().filter((mark) => mark.kind === 'losing').length, 1);
  });

  it('refuses a schema-1 record (no moves) and a record whose moves do not replay, with the reason', () => {
    const old = reviewedGameFromRecord(sampleRecord());
    assert.equal(old.ok, false);
    const bad = reviewedGameFromRecord(sampleRecord({ deal: 1, turns: ['t1-f'] }));
    assert.equal(bad.ok, false);
  });
});
