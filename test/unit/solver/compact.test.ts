import * as assert from 'node:assert/strict';
import { performMove, type Move, type Position } from '../../../src/engine';
import { solve } from '../../../src/solver';
import { compact } from '../../../src/solver/compact';
import { assertWins, deal } from './support';

/** A column whose top card lies on its parent (same suit, one rank up): it can go to a cell and straight back. */
function columnWithTopOnParent(position: Position): number {
  return position.columns.findIndex((column) => column.length >= 2 && column[column.length - 1] + 4 === column[column.length - 2]);
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

  it('a later pass tries again only the rewrites near an earlier one, and loses none of them', () => {
    // The same moves as when every pass tries every rewrite.
    let compared = 0;
    for (const [variant, last] of [['bakers-game', 80], ['freecell', 30]] as const) {
      for (let n = 1; n <= last; n++) {
        const position = deal(variant, n);
        const result = solve(position, { shorten: false, maxNodes: 300_000 });
        if (result.verdict !== 'solvable') continue;
        const moves = result.moves ?? [];
        const everyRewrite = compact(position, moves, { retryAll: true });
        const shorter = compact(position, moves);
        assert.deepEqual(shorter, everyRewrite, `${variant} deal ${n}: ${shorter.length} moves, ${everyRewrite.length} trying every rewrite in every pass`);
        compared++;
      }
    }
    assert.ok(compared > 70, `${compared} deals`);
  });

  it('rules out without playing only rewrites that would fail when played', () => {
    // The same moves as when every rewrite tried is played, on the deals whose solutions the
    // pass shortens most (before it: Baker's Game 107.6 moves on average, after it 98.8).
    let compared = 0;
    let shortened = 0;
    for (const [variant, last] of [['bakers-game', 80], ['bakers-game-kings', 40], ['freecell', 30]] as const) {
      for (let n = 1; n <= last; n++) {
        const position = deal(variant, n);
        const result = solve(position, { compact: false, maxNodes: 300_000 });
        if (result.verdict !== 'solvable') continue;
        const moves = result.moves ?? [];
        const played = compact(position, moves, { playEveryRewrite: true });
        const shorter = compact(position, moves);
        assert.deepEqual(shorter, played, `${variant} deal ${n}: ${shorter.length} moves, ${played.length} playing every rewrite`);
        compared++;
        if (shorter.length < moves.length) shortened++;
      }
    }
    assert.ok(compared > 80 && shortened > 60, `${compared} deals, ${shortened} shortened`);
  });
});
