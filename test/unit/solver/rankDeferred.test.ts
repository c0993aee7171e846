import * as assert from 'node:assert/strict';
import { getVariant, type Position } from '../../../src/engine';
import { RankBoard } from '../../../src/solver/rank/rankBoard';
import { concretePath, standsFor } from '../../../src/solver/rank/rankConcretePath';
import { ComponentExpander } from '../../../src/solver/rank/rankComponents';
import { holdsForEveryPairing, detachedScratch } from '../../../src/solver/rank/rankDetached';
import type { RankRules } from '../../../src/solver/rank/rankSearch';
import { solveRankBuilt } from '../../../src/solver/rank/rankSolve';
import { assertWins, deal, playRandomly, randomBelow } from './support';

const BY_SUIT = ['bakers-dozen', 'good-measure'] as const;
const W = 5;

/**
 * Every component reachable from `position` through ways out (breadth first), by its component
 * key and the exact key of the board listed for it; undefined past `limit` components. With
 * `defer`, components with deferred pairings (each listed board loaded with its component key).
 */
function reachable(position: Position, defer: boolean, limit: number): { keys: Uint32Array[]; parents: number[]; deferred: number } | undefined {
  const root = new RankBoard(position.columns, position.foundations, false);
  const work = new RankBoard(position.columns, position.foundations, false);
  const ex = new ComponentExpander(root);
  ex.deferPairings = defer;
  ex.loneCards = false;
  const start = new Uint32Array(2 * W);
  start.set(root.key);
  ex.load(root.key, 0, work);
  const comp = new Uint32Array(W);
  ex.componentKey(comp);
  start.set(comp, W);
  const seen = new Set<string>([comp.join()]);
  const queue = [start];
  const parents = [-1];
  let deferred = 0;
  for (let i = 0; i < queue.length; i++) {
    if (queue.length > limit) return undefined;
    const key = queue[i];
    ex.load(key, 0, work, key, W);
    if (ex.hasDeferred()) deferred++;
    const out: number[] = [];
    ex.exits(work, (card, toHome) => ex.expandExit(card, toHome, out));
    for (let at = 0; at < out.length; at += 2 * W) {
      const next = Uint32Array.from(out.slice(at, at + 2 * W));
      const id = next.subarray(W).join();
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(next);
      parents.push(i);
    }
  }
  return { keys: queue.map((key) => key.slice(W)), parents, deferred };
}

describe('rank-built search by components: deferred pairings', function () {
  this.timeout(300_000);

  it('the components with deferred pairings stand for exactly the components reachable without them', () => {
    let checked = 0;
    let withDeferred = 0;
    for (const variant of BY_SUIT) {
      const random = randomBelow(variant.length * 17);
      for (let n = 1; n <= 150; n++) {
        const position = playRandomly(deal(variant, 50_000 + n), 20 + random(25), random);
        const concrete = reachable(position, false, 30_000);
        if (concrete === undefined) continue;
        const merged = reachable(position, true, 30_000);
        assert.ok(merged, `${variant} ${n}: more components with deferred pairings than without`);
        // No component lost (a proof of a loss would be wrong), none made up (a win would be).
        for (const c of concrete.keys) {
          assert.ok(merged.keys.some((f) => standsFor(f, 0, c, 0)), `${variant} ${n}: a reachable component no merged one stands for`);
        }
        for (const f of merged.keys) {
          assert.ok(concrete.keys.some((c) => standsFor(f, 0, c, 0)), `${variant} ${n}: a merged component that stands for none reachable`);
        }
        assert.ok(merged.keys.length <= concrete.keys.length, `${variant} ${n}: more merged components than components`);
        // And each is reached through the components its path stands for, by real moves.
        merged.keys.forEach((_, i) => {
          const chain: Uint32Array[] = [];
          for (let j = i; j >= 0; j = merged.parents[j]) chain.unshift(merged.keys[j]);
          const steps = new Uint32Array(chain.length * W);
          chain.forEach((key, k) => steps.set(key, k * W));
          assert.ok(concretePath(position.columns, position.foundations, steps, false, 1_000_000), `${variant} ${n}: merged component ${i} not reached by real moves`);
        });
        checked++;
        if (merged.deferred > 0) withDeferred++;
      }
    }
    assert.ok(checked >= 100 && withDeferred >= 30, `checked ${checked} positions, ${withDeferred} with deferred pairings`);
  });

  it('a deferred card under a fixed one takes none of the parents a way out frees: Good Measure deal 5 is won by components, replayed', () => {
    // With that parent offered, the search won in a component no real board reaches (seen once).
    const position = deal('good-measure', 5);
    const found = solveRankBuilt(position, getVariant('good-measure'), { maxNodes: 8_000_000, maxMillis: 60_000, maxBytes: 512 << 20 }, {}, 0);
    assert.equal(found.outcome, 'solved', `stopped: ${found.stop}`);
    assertWins(position, found.moves ?? [], 'good-measure 5');
  });

  it('a test holds for every pairing only when it holds for each: every order of the deferred cards is tried', () => {
    // Two deferred Fives on two Sixes: the test sees both pairings, and fails on the second.
    const position = deal('good-measure', 3);
    const board = new RankBoard(position.columns, position.foundations, false);
    const cols = board.columns();
    const c5 = [16, 17];
    const deferred = new Uint8Array(52);
    // Put the Five of clubs and of diamonds on top of two columns, as loose cards of one rank.
    const at = c5.map((card) => board.where[card]);
    assert.ok(at.every((a) => a !== 0xffff) && cols.length === 10);
    deferred[16] = 1;
    deferred[17] = 1;
    const seenUnder = new Set<number>();
    const out = detachedScratch();
    const every = holdsForEveryPairing(board, deferred, out, (b) => {
      const under = b.col[b.where[16] - 1];
      seenUnder.add(under);
      return seenUnder.size < 2;
    }, 24);
    assert.equal(every, false);
    assert.equal(seenUnder.size, 2, 'both pairings tried');
    assert.equal(holdsForEveryPairing(board, deferred, out, () => true, 24), true);
    assert.equal(holdsForEveryPairing(board, deferred, out, () => true, 1), undefined, 'more pairings than allowed: not tried');
  });

  it('the solve gives the verdicts of the search without deferred pairings, its wins replayed in the engine', () => {
    for (const variant of BY_SUIT) {
      const seen = { solved: 0, exhausted: 0 };
      const random = randomBelow(variant.length * 19);
      for (let n = 1; (seen.solved < 8 || seen.exhausted < 8) && n <= 400; n++) {
        const position = playRandomly(deal(variant, 60_000 + n), random(30), random);
        const limits = { maxNodes: 400_000, maxMillis: 30_000, maxBytes: 256 << 20 };
        const without = solveRankBuilt(position, getVariant(variant), limits, { deferPairings: false });
        if (without.outcome === 'stopped') continue;
        seen[without.outcome]++;
        const ways: [string, RankRules][] = [
          ['deferred pairings, every rule', {}],
          ['deferred pairings alone', { deadEnds: false, loneCards: false, forceSafe: false, stuck: false, skeleton: false }],
        ];
        for (const [name, rules] of ways) {
          const found = solveRankBuilt(position, getVariant(variant), limits, rules, 0);
          if (found.outcome === 'stopped') continue;
          assert.equal(found.outcome, without.outcome, `${variant} ${n}, ${name}: another verdict`);
          if (found.moves) assertWins(position, found.moves, `${variant} ${n}, ${name}`);
        }
      }
      assert.ok(seen.solved >= 5 && seen.exhausted >= 5, `${variant}: decided ${JSON.stringify(seen)}`);
    }
  });
});
