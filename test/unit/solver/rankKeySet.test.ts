import * as assert from 'node:assert/strict';
import { getVariant, newGame, type Position } from '../../../src/engine';
import { RANK_SPARE_MAX_BYTES, RankKeySet, rankSpareBytes } from '../../../src/solver/rank/rankKeySet';
import { NARROW_SHARE, solveRankBuilt } from '../../../src/solver/rank/rankSolve';
import { randomBelow } from './support';

/** `count` distinct random 5-word keys (top two bits of the last word clear, as the rank searches' are). */
function keys(seed: number, count: number): Uint32Array[] {
  const random = randomBelow(seed);
  const seen = new Set<string>();
  const out: Uint32Array[] = [];
  while (out.length < count) {
    const key = Uint32Array.of(random(2 ** 31) * 2 + random(2), random(2 ** 31), random(2 ** 31), random(2 ** 31), random(2 ** 30));
    if (seen.has(key.join())) continue;
    seen.add(key.join());
    out.push(key);
  }
  return out;
}

function deal(variant: string, number: number): Position {
  const dealt = newGame(variant, number);
  if (!dealt.ok) throw new Error(`no deal ${number}`);
  return dealt.value.position;
}

describe('the key set of the rank-built searches', () => {
  it('a released table is taken, empty, by the next set, and only where its budget has room', () => {
    const first = new RankKeySet(10);
    const old = keys(1, 40_000);
    for (const key of old) assert.equal(first.add(key), true);
    for (const key of old) assert.equal(first.add(key), false);
    const grown = first.bytes;
    first.release();
    assert.equal(first.size, 0);
    assert.equal(first.has(old[0]), false, 'the released set is empty');
    assert.ok(rankSpareBytes() >= grown, 'the grown table is kept');

    const tight = new RankKeySet(10);
    tight.takeSpare(grown);
    assert.ok(tight.bytes < grown, 'a budget that would not hold the growth of the spare keeps the small table');
    assert.ok(rankSpareBytes() >= grown);

    const next = new RankKeySet(10);
    next.takeSpare(1 << 30);
    assert.equal(next.bytes, grown, 'the next set starts with the table');
    assert.equal(rankSpareBytes(), 0, 'taken, not shared');
    for (const key of old) assert.equal(next.has(key), false, 'the table was zeroed');
    const fresh = keys(2, 40_000);
    for (const key of fresh) assert.equal(next.add(key), true);
    for (const key of fresh) assert.equal(next.has(key), true);
    next.release();
  });

  it('keeps no table over its cap, and a smaller table never replaces a larger one', () => {
    const small = new RankKeySet(8);
    small.add(keys(3, 1)[0]);
    const large = new RankKeySet(12);
    large.add(keys(4, 1)[0]);
    large.release();
    const kept = rankSpareBytes();
    small.release();
    assert.equal(rankSpareBytes(), kept);
    assert.ok(kept <= RANK_SPARE_MAX_BYTES);
  });

  it('solves that follow each other on one thread, with the table handed on, give the verdicts of solves on fresh tables', function () {
    this.timeout(120_000);
    const limits = { maxNodes: 2_000_000, maxMillis: 30_000, maxBytes: 256 << 20 };
    const variant = getVariant('good-measure');
    // Deal 515 is lost (the narrow search, then a proof by components), 1 and 2 are won: each
    // search leaves its table to the next.
    const results = [515, 1, 2, 515].map((n) => solveRankBuilt(deal('good-measure', n), variant, limits, {}, NARROW_SHARE));
    assert.ok(rankSpareBytes() > 0, 'the last search gave its table back');
    assert.deepEqual(results.map((result) => result.outcome), ['exhausted', 'solved', 'solved', 'exhausted']);
    // Within its budget of positions the search is the same on any table: a key left over from an
    // earlier search would have cut the second proof short.
    assert.equal(results[3].nodes, results[0].nodes);
  });
});
