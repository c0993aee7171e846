import * as assert from 'node:assert/strict';
import { getVariant, performMove, type Position } from '../../../src/engine';
import { solve } from '../../../src/solver';
import { RankBoard, STRIDE, HOME, rankMoveCard, rankMoveDst } from '../../../src/solver/rank/rankBoard';
import { DeadEndScratch, isDeadEnd, keepsDeadEnd } from '../../../src/solver/rank/rankDeadEnd';
import type { RankRules } from '../../../src/solver/rank/rankSearch';
import { NARROW_SHARE, PHASE_MAX_MILLIS, narrowMillis, solveRankBuilt, type RankResult } from '../../../src/solver/rank/rankSolve';
import { StuckProver } from '../../../src/solver/rank/rankStuck';
import { assertWins, deal, playRandomly, randomBelow, rankMovesOf as movesOf } from './support';

const RANK_BUILT = ['bakers-dozen', 'good-measure', 'spanish-patience'] as const;
const NO_PRUNING: RankRules = { deadEnds: false, loneCards: false, forceSafe: false, shuffleUse: false, components: false, skeleton: false };

function search(position: Position, rules: RankRules, maxNodes: number, narrowShare = 0): RankResult {
  return solveRankBuilt(position, getVariant(position.variant), { maxNodes, maxMillis: 20_000, maxBytes: 256 << 20 }, rules, narrowShare);
}

/**
 * Positions from the middle of a game: a deal, then random single-card moves (home moves
 * twice as likely), which often lose a winnable deal, so both verdicts come up.
 */
function midGamePositions(variant: string, count: number, seed: number): Position[] {
  const random = randomBelow(seed);
  const out: Position[] = [];
  for (let n = 1; out.length < count; n++) {
    out.push(playRandomly(deal(variant, 20_000 + n), 6 + random(24), random));
  }
  return out;
}

describe('rank-built search (Baker\'s Dozen, Good Measure, Spanish Patience)', function () {
  this.timeout(300_000);

  it('every pruning rule and the restarts change no verdict: checked against a complete search without them, on positions where both decide', () => {
    const rules: [string, RankRules, number?][] = [
      ['all rules (by components where foundations go by suit)', {}],
      ['all rules, by boards', { components: false }],
      ['by components only', { ...NO_PRUNING, components: true }],
      ['dead ends only', { ...NO_PRUNING, deadEnds: true, stuck: false }],
      ['stuck boards only', { ...NO_PRUNING, stuck: true }],
      ['skeletons only', { ...NO_PRUNING, skeleton: true }],
      ['skeletons and components only', { ...NO_PRUNING, skeleton: true, components: true }],
      ['lone cards only', { ...NO_PRUNING, loneCards: true }],
      ['forced safe moves only', { ...NO_PRUNING, forceSafe: true }],
      ['shuffles only when used at once', { ...NO_PRUNING, shuffleUse: true }],
      ['restarts', { ...NO_PRUNING, restartUnit: 50 }],
      // The narrow search first: a third of the budget with at most one move that can be taken back in a row.
      ['narrow search first', { ...NO_PRUNING, restartUnit: 50 }, 1 / 3],
      ['narrow search alone (its wins only)', { ...NO_PRUNING, reversibleRun: 1 }],
    ];
    let narrowWins = 0;
    for (const variant of RANK_BUILT) {
      const seen = { solved: 0, exhausted: 0 };
      for (const position of midGamePositions(variant, 50, variant.length)) {
        const full = search(position, NO_PRUNING, 100_000);
        if (full.outcome === 'stopped') continue;
        seen[full.outcome]++;
        for (const [name, ruleSet, narrowShare] of rules) {
          const pruned = search(position, ruleSet, 100_000, narrowShare);
          if (pruned.outcome === 'stopped') continue;
          // Alone, the narrow search proves no loss: only its wins are compared.
          if (ruleSet.reversibleRun !== undefined && pruned.outcome === 'exhausted') continue;
          if (ruleSet.reversibleRun !== undefined) narrowWins++;
          assert.equal(pruned.outcome, full.outcome, `${variant}, ${name}: another verdict than the complete search`);
          if (pruned.moves) assertWins(position, pruned.moves, `${variant}, ${name}`);
        }
      }
      console.log(`      ${variant}: ${seen.solved} won, ${seen.exhausted} lost`);
      // The comparison means something only when both verdicts came up often enough.
      assert.ok(seen.solved >= 5 && seen.exhausted >= 5, `${variant}: decided positions ${JSON.stringify(seen)}`);
    }
    assert.ok(narrowWins >= 20, `the narrow search won only ${narrowWins} times`);
  });

  it('a shuffle tried only when used at once changes no verdict, with every other rule on', () => {
    // With the other rules on, the search decides more positions, where a wrong test of "used"
    // shows (leaving out its clause "a card could land on the moved card" gives another verdict here).
    // (The search by components makes no shuffle: the search of boards is the one checked.)
    compareWithEveryOtherRule('the shuffle rule', { shuffleUse: false }, 3, { components: false });
  });

  it('dropping boards proved stuck changes no verdict, with every other rule on', () => {
    // In the search of boards and in the search by components, with deferred pairings and without.
    for (const base of [{ components: false }, { deferPairings: false }, {}] as RankRules[]) {
      for (const { variant, lostWith, lostWithout } of compareWithEveryOtherRule('the stuck rule', { stuck: false }, 5, base)) {
        // The rule took part: the proofs are shorter with it (with deferred pairings, these Baker's
        // Dozen proofs are as short without it: the dead-end proof already ends them).
        if (base.deferPairings === undefined && variant === 'bakers-dozen') assert.ok(lostWith <= lostWithout, `${variant}: the stuck rule made proofs longer`);
        else assert.ok(lostWith < lostWithout, `${variant}: the stuck rule dropped nothing`);
      }
    }
  });

  it('a board proved stuck lets no card go home whatever is played (checked on the boards themselves), and is left as it was', () => {
    let stuck = 0;
    let small = 0;
    let twinsAsked = 0;
    let twinsLive = 0;
    let givenUpStuck = 0;
    // Also with a prover whose searches mostly give up: what it remembers then must hold too.
    for (const [variant, outlineNodes] of [['good-measure', undefined], ['bakers-dozen', undefined], ['good-measure', 8]] as const) {
      // One prover for all the boards of a game: what it remembers of one board must hold for the others.
      const prover = new StuckProver(outlineNodes);
      const random = randomBelow(41);
      for (let n = 1; n <= 40; n++) {
        const start = deal(variant, 30_000 + n);
        const board = new RankBoard(start.columns, start.foundations, false);
        for (let step = 0; step < 60; step++) {
          const before = board.columns().join('|') + Array.from(board.key).join();
          const proved = prover.isStuck(board, Number.POSITIVE_INFINITY);
          assert.equal(board.columns().join('|') + Array.from(board.key).join(), before, 'the board changed');
          const plain = plainStuck(board, 5000);
          if (proved && outlineNodes !== undefined) givenUpStuck++;
          if (proved) {
            stuck++;
            assert.notEqual(plain, false, `${variant} deal ${30_000 + n}, step ${step}: proved stuck, yet a card can go home`);
            // Its twins, a next card swapped with a card of its rank and another suit, need not be
            // stuck: asked right after it, the prover must not take one for it.
            for (const twin of twins(board)) {
              const twinPlain = plainStuck(twin, 5000);
              if (twinPlain === undefined) continue;
              twinsAsked++;
              if (!twinPlain) twinsLive++;
              const twinProved = prover.isStuck(twin, Number.POSITIVE_INFINITY);
              // (A prover that gives up may leave a stuck twin unproved.)
              if (outlineNodes === undefined || twinProved) assert.equal(twinProved, twinPlain, `${variant} deal ${30_000 + n}, step ${step}: a twin answered wrongly`);
            }
          } else if (plain === true && outlineNodes === undefined) {
            // Its own search looks at fewer boards than this one: it cannot have given up.
            assert.fail(`${variant} deal ${30_000 + n}, step ${step}: stuck (seen in at most 5000 boards), not proved`);
          }
          if (plain === true && outlineNodes === undefined) small++;
          const moves = movesOf(board);
          if (moves.length === 0) break;
          // Home moves now and then, so that the next cards change.
          const home = moves.filter((m) => ((m >> 5) & 31) >= HOME);
          const pool = home.length > 0 && random(4) === 0 ? home : moves;
          board.apply(pool[random(pool.length)]);
        }
      }
      if (outlineNodes !== undefined) assert.ok(prover.gaveUp >= 20, `the small prover gave up ${prover.gaveUp} times only`);
    }
    console.log(`      ${stuck} boards proved stuck (${small} of them checked to the end here); ${twinsAsked} twins, ${twinsLive} not stuck`);
    assert.ok(stuck >= 30 && small >= 30 && twinsLive >= 10 && givenUpStuck >= 10, `too few boards to mean anything: ${stuck}, ${small}, ${twinsLive}, ${givenUpStuck}`);
  });

  it('the dead-end proof never calls a position on a winning line lost, and finds a card that can never leave', () => {
    const scratch = new DeadEndScratch();
    for (const variant of ['bakers-dozen', 'good-measure'] as const) {
      for (let n = 1; n <= 15; n++) {
        const start = deal(variant, n);
        const result = solve(start, { maxMillis: 10_000 });
        if (result.verdict !== 'solvable') continue;
        let position = start;
        for (const move of result.moves ?? []) {
          const board = new RankBoard(position.columns, position.foundations, false);
          assert.equal(isDeadEnd(board, scratch), false, `${variant} deal ${n}: a position of a win called lost`);
          position = performMove(position, move);
        }
      }
    }
    // A Five above the Ace of its suit, all four Sixes under them: the Five can never leave.
    const sixes = [20, 21, 22, 23];
    const rest = deal('bakers-dozen', 1)
      .columns.flat()
      .filter((card) => !sixes.includes(card) && card !== 16 && card !== 0)
      .sort((x, y) => y - x);
    const columns: number[][] = [[...sixes, 0, 16]];
    for (let i = 0; i < rest.length; i += 4) columns.push(rest.slice(i, i + 4));
    assert.equal(isDeadEnd(new RankBoard(columns, [[], [], [], []], false), scratch), true);
    columns[0] = [...sixes, 16, 0];
    assert.equal(isDeadEnd(new RankBoard(columns, [[], [], [], []], false), scratch), false);
  });

  it('the worklist dead-end proof answers as the plain fixpoint, and neither a move that can be taken back nor one onto a parent while another parent is free changes its answer', () => {
    const scratch = new DeadEndScratch();
    let dead = 0;
    let reversibleChecked = 0;
    let freeParentChecked = 0;
    for (const variant of ['bakers-dozen', 'good-measure'] as const) {
      const random = randomBelow(23);
      for (let n = 1; n <= 30; n++) {
        const start = deal(variant, 40_000 + n);
        const board = new RankBoard(start.columns, start.foundations, false);
        for (let step = 0; step < 200; step++) {
          const verdict = isDeadEnd(board, scratch);
          assert.equal(verdict, plainDeadEnd(board), `${variant} deal ${40_000 + n}, step ${step}: the worklist and the plain fixpoint differ`);
          if (verdict) dead++;
          const moves = movesOf(board);
          for (const m of moves) {
            const reversible = board.isReversible(m);
            board.apply(m);
            if (reversible) {
              assert.equal(isDeadEnd(board, scratch), verdict, `${variant} deal ${40_000 + n}: a move that can be taken back changed the dead-end proof`);
              reversibleChecked++;
            } else if (rankMoveDst(m) < HOME && keepsDeadEnd(board, rankMoveDst(m), rankMoveCard(m))) {
              assert.equal(isDeadEnd(board, scratch), verdict, `${variant} deal ${40_000 + n}: a move onto a parent with another parent free changed the dead-end proof`);
              freeParentChecked++;
            }
            board.undo(m);
          }
          if (moves.length === 0) break;
          board.apply(moves[random(moves.length)]);
        }
      }
    }
    assert.ok(dead > 50 && reversibleChecked > 1000 && freeParentChecked > 1000, `too few cases: ${dead} dead, ${reversibleChecked} reversible moves, ${freeParentChecked} onto a parent with another free`);
  });

  it('the key tells positions apart exactly, and a move taken back restores it', () => {
    for (const variant of RANK_BUILT) {
      const byKey = new Map<string, string>();
      const random = randomBelow(11);
      // Random walks over a few deals (a walk ends when no move is left); keys compared across them all.
      for (let n = 1; n <= 20; n++) {
        const start = deal(variant, n);
        const board = new RankBoard(start.columns, start.foundations, variant === 'spanish-patience');
        for (let step = 0; step < 300; step++) {
        const shape = JSON.stringify(board.columns()) + (board.spanish ? sortedPiles(board) : Array.from(board.fh).join());
        const key = Array.from(board.key).join();
        const known = byKey.get(key);
        assert.ok(known === undefined || known === shape, `${variant}: two positions with one key`);
        byKey.set(key, shape);
        const moves = movesOf(board);
        if (moves.length === 0) break;
        const m = moves[random(moves.length)];
        const before = key;
        board.apply(m);
        board.undo(m);
        assert.equal(Array.from(board.key).join(), before, `${variant}: undo left another key`);
        board.apply(m);
        }
      }
      assert.ok(byKey.size > 500, `${variant}: only ${byKey.size} positions seen`);
    }
  });

  it('the narrow search\'s time is capped only where the search by components follows', () => {
    // `--max-seconds 120`: Baker's Dozen and Good Measure leave the most to the search by
    // components; Spanish Patience (no search by components) keeps the narrow search's share.
    assert.equal(narrowMillis(120_000, NARROW_SHARE, true), PHASE_MAX_MILLIS);
    assert.equal(narrowMillis(120_000, NARROW_SHARE, false), 120_000 * NARROW_SHARE);
    assert.equal(narrowMillis(9_000, NARROW_SHARE, true), 9_000 * NARROW_SHARE);
    // And a solve gives the narrow search that time (deal 1 of each is won by the narrow search at once).
    const given = (variant: string, rules: RankRules = {}): number | undefined =>
      solveRankBuilt(deal(variant, 1), getVariant(variant), { maxNodes: Number.POSITIVE_INFINITY, maxMillis: 120_000, maxBytes: 256 << 20 }, rules, NARROW_SHARE).narrowMillis;
    assert.equal(given('spanish-patience'), 120_000 * NARROW_SHARE);
    assert.equal(given('good-measure'), PHASE_MAX_MILLIS);
    assert.equal(given('bakers-dozen'), PHASE_MAX_MILLIS);
    assert.equal(given('good-measure', { components: false }), 120_000 * NARROW_SHARE);
  });

  it('decides deals 1-12 of each game within 15 s, every solution replayed in the engine', () => {
    for (const variant of RANK_BUILT) {
      for (let n = 1; n <= 12; n++) {
        const position = deal(variant, n);
        const result = solve(position, { maxMillis: 15_000 });
        assert.notEqual(result.verdict, 'unknown', `${variant} deal ${n}`);
        if (result.verdict === 'solvable') assertWins(position, result.moves ?? [], `${variant} deal ${n}`);
      }
    }
  });
});

/** Spanish Patience piles as the key sees them: (first Ace red, height), sorted. */
function sortedPiles(board: RankBoard): string {
  return [0, 1, 2, 3]
    .map((p) => (board.fh[p] === 0 ? '0' : `${board.startRed[p]}:${board.fh[p]}`))
    .sort()
    .join();
}


/**
 * Verdicts of the search with every rule on against the search with `without` (one rule off),
 * on 120 Good Measure and 60 Baker's Dozen mid-game positions (random play seeded by
 * `seed` × the variant's name length): alike wherever both decide, and both verdicts often
 * enough to mean something. Returns, per game, the positions the lost ones took with and
 * without the rule.
 */
function compareWithEveryOtherRule(rule: string, without: RankRules, seed: number, base: RankRules = {}): { variant: string; lostWith: number; lostWithout: number }[] {
  const out: { variant: string; lostWith: number; lostWithout: number }[] = [];
  for (const [variant, count] of [['good-measure', 120], ['bakers-dozen', 60]] as const) {
    const seen = { solved: 0, exhausted: 0 };
    let lostWith = 0;
    let lostWithout = 0;
    for (const position of midGamePositions(variant, count, seed * variant.length)) {
      const plain = search(position, { ...base, ...without }, 150_000);
      if (plain.outcome === 'stopped') continue;
      const pruned = search(position, base, 150_000);
      if (pruned.outcome === 'stopped') continue;
      seen[plain.outcome]++;
      assert.equal(pruned.outcome, plain.outcome, `${variant}: another verdict with ${rule}`);
      if (pruned.outcome === 'exhausted') {
        lostWithout += plain.nodes;
        lostWith += pruned.nodes;
      }
      if (pruned.moves) assertWins(position, pruned.moves, variant);
    }
    console.log(`      ${variant}: ${seen.solved} won, ${seen.exhausted} lost, alike; lost ones in ${lostWith} positions (${lostWithout} without ${rule})`);
    assert.ok(seen.solved >= 10 && seen.exhausted >= 10, `${variant}: decided positions ${JSON.stringify(seen)}`);
    out.push({ variant, lostWith, lostWithout });
  }
  return out;
}

/** Boards like this one with a next card of a suit swapped with a card of its rank and another suit. */
function twins(board: RankBoard): RankBoard[] {
  const columns = board.columns();
  const foundations = [0, 1, 2, 3].map((suit) => Array.from({ length: board.fh[suit] }, (_, rank) => rank * 4 + suit));
  const out: RankBoard[] = [];
  for (let suit = 0; suit < 4; suit++) {
    const next = board.fh[suit] * 4 + suit;
    if (board.fh[suit] === 13 || board.where[next] === 0xffff) continue;
    for (let other = 0; other < 4; other++) {
      const card = (next & ~3) + other;
      if (other === suit || board.where[card] === 0xffff || board.fh[other] === next >> 2) continue;
      const swapped = columns.map((column) => column.map((x) => (x === next ? card : x === card ? next : x)));
      out.push(new RankBoard(swapped, foundations, false));
    }
  }
  return out;
}

/**
 * Whether no card can go home from the board whatever is played, by a plain search over the
 * boards themselves (every move between columns): true, false, or undefined when it saw more
 * than `limit` boards. The board is left as it was.
 */
function plainStuck(board: RankBoard, limit: number): boolean | undefined {
  const canGoHome = (): boolean => movesOf(board).some((m) => ((m >> 5) & 31) >= HOME);
  const seen = new Set<string>([Array.from(board.key).join()]);
  const trail: number[] = [];
  const stack: number[][] = [];
  let result: boolean | undefined = true;
  if (canGoHome()) return false;
  stack.push(movesOf(board));
  while (stack.length > 0) {
    const moves = stack[stack.length - 1];
    if (moves.length === 0) {
      stack.pop();
      const m = trail.pop();
      if (m !== undefined) board.undo(m);
      continue;
    }
    const m = moves.pop() as number;
    board.apply(m);
    const key = Array.from(board.key).join();
    if (seen.has(key)) {
      board.undo(m);
      continue;
    }
    seen.add(key);
    trail.push(m);
    if (canGoHome()) {
      result = false;
      break;
    }
    if (seen.size > limit) {
      result = undefined;
      break;
    }
    stack.push(movesOf(board).filter((move) => ((move >> 5) & 31) < HOME));
  }
  while (trail.length > 0) board.undo(trail.pop() as number);
  return result;
}

/**
 * The dead-end fixpoint of rankDeadEnd.ts written plainly (every column and suit again until
 * nothing changes), to check the worklist version against.
 */
function plainDeadEnd(board: RankBoard): boolean {
  const { nc, col, len, where, fh } = board;
  const leaving = new Array<number>(nc).fill(0);
  const homeTo = Array.from(fh);
  for (let changed = true; changed; ) {
    changed = false;
    for (let c = 0; c < nc; c++) {
      while (leaving[c] < len[c]) {
        const card = col[c * STRIDE + len[c] - 1 - leaving[c]];
        const rank = (card >> 2) + 1;
        let out = homeTo[card & 3] >= rank - 1;
        for (let s = 0; s < 4 && !out && rank < 13; s++) {
          const q = where[rank * 4 + s];
          if (q === 0xffff) continue;
          out = len[q >> 5] - 1 - (q & (STRIDE - 1)) <= leaving[q >> 5];
        }
        if (!out) break;
        leaving[c]++;
        changed = true;
      }
    }
    for (let s = 0; s < 4; s++) {
      while (homeTo[s] < 13) {
        const at = where[homeTo[s] * 4 + s];
        if (len[at >> 5] - 1 - (at & (STRIDE - 1)) >= leaving[at >> 5]) break;
        homeTo[s]++;
        changed = true;
      }
    }
  }
  return homeTo.some((height) => height < 13);
}
