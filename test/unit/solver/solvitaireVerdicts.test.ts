/**
 * Our solver against Solvitaire's recorded verdicts (data/solvitaire-verdicts.json) on Baker's
 * Dozen, Good Measure and Spanish Patience. Regenerate the file, per game, with
 *   npm run bench:solver -- --variant <game> --deals 1-300 --solvitaire-only --record-verdicts
 * (Solvitaire is built from source into .cache/ the first time; see src/solver/README.md,
 * "Comparing with Solvitaire"). Each recorded deal gets a small budget here: a verdict that contradicts
 * Solvitaire's fails, a deal we leave unknown within the budget is only counted, and every
 * solution is replayed in the engine.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { solve } from '../../../src/solver';
import { assertWins, deal } from './support';

/** Positions per deal: enough for most deals, small enough for CI. */
const BUDGET = 20_000;

interface Recorded {
  readonly limitSeconds: number;
  readonly verdicts: Readonly<Record<string, Readonly<Record<string, 'solvable' | 'unsolvable'>>>>;
}

/** The recorded file, found from the repository root (this test runs bundled under out/). */
function recorded(): Recorded {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, 'test/unit/solver/data/solvitaire-verdicts.json'), 'utf8')) as Recorded;
}

describe("solver verdicts against Solvitaire's (recorded)", function () {
  this.timeout(120_000);
  const file = recorded();

  for (const game of ['bakers-dozen', 'good-measure', 'spanish-patience']) {
    it(`${game}: no verdict contradicts Solvitaire's, every solution wins`, () => {
      const theirs = Object.entries(file.verdicts[game] ?? {});
      assert.ok(theirs.length >= 100, `${game}: only ${theirs.length} recorded verdicts`);
      const wrong: string[] = [];
      let unknown = 0;
      let lost = 0;
      for (const [n, expected] of theirs) {
        const position = deal(game, Number(n));
        const result = solve(position, { maxNodes: BUDGET, shorten: false });
        if (result.verdict === 'unknown') {
          unknown++;
          continue;
        }
        if (result.verdict !== expected) wrong.push(`deal ${n}: ours ${result.verdict}, Solvitaire ${expected}`);
        if (result.verdict === 'solvable') assertWins(position, result.moves ?? [], `${game} deal ${n}`);
        else lost++;
      }
      assert.deepEqual(wrong, [], `verdicts contradict Solvitaire's:\n${wrong.join('\n')}`);
      console.log(`      ${theirs.length - unknown} of ${theirs.length} recorded deals decided alike (${lost} lost); ${unknown} unknown within ${BUDGET} positions`);
    });
  }
});
