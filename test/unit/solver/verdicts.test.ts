import * as assert from 'node:assert/strict';
import { solve } from '../../../src/solver';
import { fcSolveUnsolved } from './fcsolve';
import { assertWins, deal } from './support';

function checkRange(variant: string, first: number, last: number, reference: Set<number>): void {
  const wrong: string[] = [];
  for (let n = first; n <= last; n++) {
    const position = deal(variant, n);
    const result = solve(position, { shorten: false });
    assert.notEqual(result.verdict, 'unknown', `${variant} deal ${n}: unknown after ${result.nodes} nodes`);
    const expected = reference.has(n) ? 'unsolvable' : 'solvable';
    if (result.verdict !== expected) wrong.push(`${n}: ours ${result.verdict}, fc-solve ${expected}`);
    if (result.verdict === 'solvable') assertWins(position, result.moves ?? [], `${variant} deal ${n}`);
  }
  assert.deepEqual(wrong, [], `verdicts differ from fc-solve's:\n${wrong.join('\n')}`);
}

describe('solver verdicts against fc-solve (exact presets, computed here)', function () {
  this.timeout(120000);

  it("Baker's Game deals 1-200 agree with fc-solve -g bakers_game -l crooked-nose, and every solution wins", () => {
    const { unsolved, intractable } = fcSolveUnsolved(1, 200, ['-g', 'bakers_game', '-l', 'crooked-nose', '-mi', '3000000']);
    assert.equal(intractable.size, 0, `fc-solve gave up on ${[...intractable].join(' ')}`);
    assert.ok(unsolved.has(10) && unsolved.has(14) && !unsolved.has(1), 'fc-solve reference looks wrong');
    checkRange('bakers-game', 1, 200, unsolved);
  });

  it("Kings-only Baker's Game deals 1-100 agree with fc-solve -g ko_bakers_game --method soft-dfs", () => {
    const { unsolved, intractable } = fcSolveUnsolved(1, 100, ['-g', 'ko_bakers_game', '--method', 'soft-dfs', '-to', '01ABCDE', '-sp', 'r:tf']);
    assert.equal(intractable.size, 0, `fc-solve gave up on ${[...intractable].join(' ')}`);
    checkRange('bakers-game-kings', 1, 100, unsolved);
  });
});
