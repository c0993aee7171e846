import * as assert from 'node:assert/strict';
import { performMove, type Move, type Position } from '../../../src/engine';
import { solve, type SolveOptions } from '../../../src/solver';
import { compact, compactShorter } from '../../../src/solver/compact';
import { assertWins, deal } from './support';

/** A column whose top card lies on its parent (same suit, one rank up): it can go to a cell and straight back. */
function columnWithTopOnParent(position: Position): number {
  return position.columns.findIndex((column) => column.length >= 2 && column[column.length - 1] + 4 === column[column.length - 2]);
}

/** The solutions found with `options` for deals 1 … last of each game (winnable deals only). */
function solutionsOf(games: ReadonlyArray<readonly [string, number]>, options: SolveOptions): Array<{ label: string; position: Position; moves: readonly Move[] }> {
  const found: Array<{ label: string; position: Position; moves: readonly Move[] }> = [];
  for (const [variant, last] of games) {
    for (let n = 1; n <= last; n++) {
      const position = deal(variant, n);
      const result = solve(position, { ...options, maxNodes: 300_000 });
      if (result.verdict === 'solvable') found.push({ label: `${variant} deal ${n}`, position, moves: result.moves ?? [] });
    }
  }
  return found;
}

describe('compact()', function () {
  this.timeout(60000);

  it('takes out a detour put in front of a solution (a card to a cell and straight back)', () => {
    let tried = 0;
    for (let n = 1; n <= 60 && tried < 5; n++) {
      const position = deal('bakers-game', n);
      const c = columnWithTopOnParent(position);
      if (c < 0) continue;
      const result = solve(position);
      if (result.verdict !== 'solvable') continue;
      tried++;
      const solution = result.moves ?? [];
      const detour: Move[] = [
        { from: { kind: 'tableau', index: c }, to: { kind: 'cell', index: 0 }, count: 1 },
        { from: { kind: 'cell', index: 0 }, to: { kind: 'tableau', index: c }, count: 1 },
      ];
      const longer = [...detour, ...solution];
      assertWins(position, longer, `deal ${n} with the detour`);
      const shorter = compact(position, longer);
      assert.ok(shorter.length <= solution.length, `deal ${n}: ${shorter.length} moves, the solution without the detour has ${solution.length}`);
      assertWins(position, shorter, `deal ${n} compacted`);
    }
    assert.ok(tried >= 3, `only ${tried} deals had a card on its parent at the top of a column`);
  });

  it('a card moved twice in a row (through a cell) is moved once, straight to where it ended', () => {
    let tried = 0;
    for (let n = 1; n <= 10; n++) {
      const position = deal('freecell', n);
      const solution = solve(position).moves ?? [];
      let before = position;
      for (let at = 0; at < solution.length; at++) {
        const move = solution[at];
        const free = before.cells.indexOf(null);
        if (move.from.kind === 'tableau' && move.to.kind === 'tableau' && free >= 0) {
          const split: Move[] = [
            { from: move.from, to: { kind: 'cell', index: free }, count: 1 },
            { from: { kind: 'cell', index: free }, to: move.to, count: 1 },
          ];
          const longer = [...solution.slice(0, at), ...split, ...solution.slice(at + 1)];
          assertWins(position, longer, `deal ${n} with the split move`);
          const shorter = compact(position, longer);
          assert.ok(shorter.length <= solution.length, `deal ${n}: ${shorter.length} moves, ${solution.length} without the split`);
          assertWins(position, shorter, `deal ${n} compacted`);
          tried++;
          break;
        }
        before = performMove(before, move);
      }
    }
    assert.ok(tried >= 5);
  });

  it('every variant: compacted solutions of deals 1-8 win and are never longer', () => {
    for (const variant of ['bakers-game', 'bakers-game-kings', 'bakers-game-relaxed', 'freecell', 'eight-off', 'seahaven', 'bakers-dozen', 'good-measure', 'spanish-patience']) {
      for (let n = 1; n <= 8; n++) {
        const position = deal(variant, n);
        const result = solve(position, { shorten: false, maxNodes: 300_000 });
        if (result.verdict !== 'solvable') continue;
        const moves = result.moves ?? [];
        const shorter = compact(position, moves);
        assert.ok(shorter.length <= moves.length, `${variant} deal ${n}`);
        assertWins(position, shorter, `${variant} deal ${n}`);
      }
    }
  });

  it('of two solutions (depth-first, then best-first), solve keeps the shorter after the pass: Kings-only 116, 133, 138, 140, 196', () => {
    for (const n of [116, 133, 138, 140, 196]) {
      const position = deal('bakers-game-kings', n);
      const found = solve(position, { compact: false });
      assert.ok(found.alternative, `deal ${n}: a second solution`);
      const first = compact(position, found.moves ?? []);
      const second = compact(position, found.alternative);
      assert.ok(second.length < first.length, `deal ${n}: the second is the shorter here (${second.length} against ${first.length})`);
      const kept = compactShorter(position, found.moves ?? [], found.alternative);
      assert.deepEqual(kept, second, `deal ${n}`);
      assert.deepEqual(solve(position).moves, second, `deal ${n}: solve's own last pass`);
      assertWins(position, kept, `Kings-only deal ${n}`);
      // The first one wins a tie, and without a second there is only the first.
      assert.deepEqual(compactShorter(position, found.alternative, found.alternative), second);
      assert.deepEqual(compactShorter(position, found.moves ?? [], undefined), first);
    }
  });

  it('a later pass tries again only the rewrites near an earlier one, and loses none of them', () => {
    // The same moves as when every pass tries every rewrite.
    const solutions = solutionsOf([['bakers-game', 80], ['freecell', 30]], { shorten: false });
    for (const { label, position, moves } of solutions) {
      const everyRewrite = compact(position, moves, { retryAll: true });
      const shorter = compact(position, moves);
      assert.deepEqual(shorter, everyRewrite, `${label}: ${shorter.length} moves, ${everyRewrite.length} trying every rewrite in every pass`);
    }
    assert.ok(solutions.length > 70, `${solutions.length} deals`);
  });

  it('rules out without playing only rewrites that would fail when played', () => {
    // The same moves as when every rewrite tried is played, on solutions as the search hands
    // them to the pass (Baker's Game 1-1000: 107.6 moves on average before it, 98.8 after).
    const solutions = solutionsOf([['bakers-game', 80], ['bakers-game-kings', 40], ['freecell', 30]], { compact: false });
    let shortened = 0;
    for (const { label, position, moves } of solutions) {
      const played = compact(position, moves, { playEveryRewrite: true });
      const shorter = compact(position, moves);
      assert.deepEqual(shorter, played, `${label}: ${shorter.length} moves, ${played.length} playing every rewrite`);
      if (shorter.length < moves.length) shortened++;
    }
    assert.ok(solutions.length > 80 && shortened > 60, `${solutions.length} deals, ${shortened} shortened`);
  });
});
