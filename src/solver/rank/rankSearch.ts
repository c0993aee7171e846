/**
 * A complete depth-first search for the rank-built games (Baker's Dozen, Good Measure, Spanish
 * Patience): one card a move, safe foundation moves forced, every position stored once by its
 * exact key, dead ends proved without search (by suit), and moves tried best first.
 *
 * Pruned without loss: a card alone in its column never moves to another column (everything
 * that could be done after the move can be done without it: the card stays as available on its
 * own, and the card it would cover stays free).
 *
 * And a "shuffle", card c moved from its parent A onto another parent B, is tried only when right
 * after it A can be used (A can go home, or move onto a card of the next rank, or a card of c's
 * rank could land on A) or c can (a card one rank lower could land on it). Why no win is lost:
 * take a shortest win. If it never uses A or lands on c before c moves again, leaving c on A
 * (and moving c from there later) wins in one move fewer, as covering B only ever takes options
 * away. So its shuffles are used, and the moves between a shuffle and the first use touch none
 * of A, B and c: played before the shuffle they make a win as short, in which the shuffle is
 * followed by its use. Moving a shuffle so leaves the test for any other shuffle unchanged (it
 * counts the column tops by rank, and A and B have one rank), so every shuffle of the win can be
 * brought next to its use in turn, and then passes the test. Checked against a complete search
 * without it (rankSearch.test.ts): leaving out the clause "could land on c" changes verdicts
 * there. Good Measure deals 10001-10300, 3 M positions each: 11% fewer positions, one deal more
 * decided; lost proofs up to a quarter shorter.
 *
 * And right after a card went home, a board from which no card can ever go home again is
 * dropped (rankStuck.ts: proved on the board's outline, where the cards that cannot go home yet
 * are known by their rank only). Not in the first, narrow search of a solve, which wins most
 * deals before it would pay off.
 */
import { IntStack } from '../intStack';
import { HOME, type RankBoard, STRIDE, packRankMove, rankMoveCard, rankMoveDst, rankMoveSrc } from './rankBoard';
import { DeadEndScratch, isDeadEnd, keepsDeadEnd } from './rankDeadEnd';
import { RankKeySet } from './rankKeySet';
import type { SkeletonProver } from './rankSkeleton';
import { StuckProver } from './rankStuck';

/** Budget and control of one search. */
export interface RankLimits {
  readonly maxNodes: number;
  readonly maxMillis: number;
  readonly maxBytes: number;
  readonly shouldStop?: () => boolean;
  readonly onProgress?: (nodes: number, millis: number) => void;
}

export type RankOutcome = 'solved' | 'exhausted' | 'stopped';

/** Why a search stopped, when it did. */
export type RankStop = 'nodes' | 'time' | 'memory' | 'cancelled';

/** Options that switch a pruning rule off, to check it against a search without it. */
export interface RankRules {
  readonly deadEnds?: boolean;
  readonly loneCards?: boolean;
  readonly forceSafe?: boolean;
  /** Positions of the first run before a restart (0: none); later runs follow the Luby sequence. */
  readonly restartUnit?: number;
  /** How much random order a restart adds to the move scores. */
  readonly restartNoise?: number;
  /**
   * At most this many moves that can be taken back in a row (then only moves that cannot):
   * an incomplete search, whose "exhausted" proves nothing, that finds many hard wins sooner
   * (see rankSolve.ts). Unlimited when not given.
   */
  readonly reversibleRun?: number;
  /**
   * A card moves from its parent onto another parent only when, right after, the parent it
   * freed or the card itself can be used (see the file's comment); default on.
   */
  readonly shuffleUse?: boolean;
  /**
   * Right after a card went home, drop the board when no card can ever go home from it
   * (rankStuck.ts); by default as {@link deadEnds}. Not in Spanish Patience.
   */
  readonly stuck?: boolean;
  /**
   * In the foundations-by-suit games, the complete search takes the boards that moves between
   * columns turn into each other as one (rankComponentSearch.ts); default on.
   */
  readonly components?: boolean;
  /** Components of the search by components' first run before a restart (when {@link restartUnit} is set). */
  readonly componentRestartUnit?: number;
  /**
   * In the search by components, the cards of a rank that freezes keep any pairing with its free
   * parents instead of one component a pairing (rankComponents.ts); default on.
   */
  readonly deferPairings?: boolean;
  /**
   * In the foundations-by-suit games, losses proved on the board's skeleton (rankSkeleton.ts), at
   * the root and at every component; default on.
   */
  readonly skeleton?: boolean;
}

/** The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, …: term i (from 1). */
export function luby(i: number): number {
  for (;;) {
    let k = 1;
    while ((1 << k) - 1 < i) k++;
    if (i === (1 << k) - 1) return 1 << (k - 1);
    i -= (1 << (k - 1)) - 1;
  }
}

/**
 * What the complete rank searches (of boards, here, and by components, rankComponentSearch.ts)
 * share: their key set, their counts and the check of their limits.
 */
export abstract class BoundedRankSearch {
  readonly seen = new RankKeySet(16);
  nodes = 0;
  peakBytes = 0;
  stop: RankStop | undefined;

  /** Bytes the search holds now. */
  protected abstract bytes(): number;

  /** Hands the key set's table to the thread's next search (see RankKeySet.release); call it once the search is done with. */
  release(): void {
    this.seen.release();
  }

  protected peak(): void {
    const now = this.bytes();
    if (now > this.peakBytes) this.peakBytes = now;
  }

  /**
   * Whether the search stops now ({@link stop} says why), checked every `step` positions: so the
   * memory test asks whether the key set would grow (to three times its size) before the next
   * check. If not, reports progress.
   */
  protected overLimits(limits: RankLimits, started: number, step: number): boolean {
    const millis = performance.now() - started;
    this.peak();
    const seen = this.seen;
    if (this.nodes >= limits.maxNodes) this.stop = 'nodes';
    else if (millis >= limits.maxMillis) this.stop = 'time';
    else if (seen.wouldGrow(step) && seen.growthBytes + this.bytes() - seen.bytes > limits.maxBytes) this.stop = 'memory';
    else if (limits.shouldStop?.()) this.stop = 'cancelled';
    if (this.stop) return true;
    limits.onProgress?.(this.nodes, millis);
    return false;
  }
}

/** The search from one position. */
export class RankSearch extends BoundedRankSearch {
  readonly board: RankBoard;
  /** The moves from the root to the board now (forced ones included). */
  readonly trail = new IntStack();
  private readonly moves = new IntStack();
  private readonly scores = new IntStack();
  private readonly frames = new IntStack();
  /** Per frame, how many moves that can be taken back led to it in a row. */
  private readonly runs = new IntStack();
  private readonly scratch = new DeadEndScratch();
  private readonly topsByRank = new Int32Array(13);
  private readonly deadEnds: boolean;
  private readonly loneCards: boolean;
  private readonly forceSafe: boolean;
  private readonly restartUnit: number;
  private readonly restartNoise: number;
  private readonly reversibleRun: number;
  private readonly shuffleUse: boolean;
  private readonly stuck: StuckProver | undefined;
  private readonly skeleton: SkeletonProver | undefined;
  /** Whether the board now may take no move that can be taken back (see {@link RankRules.reversibleRun}). */
  private noReversible = false;

  /**
   * `skeleton`: a prover for the root of `board`, whose answers drop boards after every move that
   * changes the skeleton (a card home, or one that leaves its place: rankSkeleton.ts).
   */
  constructor(board: RankBoard, rules: RankRules = {}, skeleton?: SkeletonProver) {
    super();
    this.board = board;
    this.skeleton = skeleton;
    this.deadEnds = rules.deadEnds !== false && !board.spanish;
    this.stuck = (rules.stuck ?? rules.deadEnds ?? true) && !board.spanish ? new StuckProver() : undefined;
    this.loneCards = rules.loneCards !== false;
    this.forceSafe = rules.forceSafe !== false;
    this.restartUnit = rules.restartUnit ?? 0;
    this.restartNoise = rules.restartNoise ?? 60;
    this.reversibleRun = rules.reversibleRun ?? Number.POSITIVE_INFINITY;
    this.shuffleUse = rules.shuffleUse !== false;
  }

  protected bytes(): number {
    return this.seen.bytes + (this.stuck?.bytes ?? 0) + (this.trail.data.byteLength + this.moves.data.byteLength + this.scores.data.byteLength + this.frames.data.byteLength);
  }

  /**
   * The moves of the board now, best first, pushed on the move stack; returns how many. A
   * card's home move comes first; a move to another column scores by what it uncovers (a card
   * that can go home, a card its suit needs soon) and by what it covers (a card needed soon
   * scores against it).
   */
  private generate(back = -1): number {
    const b = this.board;
    const { nc, col, len, fh } = b;
    const moves = this.moves;
    const start = moves.length;
    // Columns by the rank of their top card (bits), to find a card's targets at once.
    const topsByRank = this.topsByRank;
    for (let r = 0; r < 13; r++) topsByRank[r] = 0;
    for (let c = 0; c < nc; c++) if (len[c] > 0) topsByRank[col[c * STRIDE + len[c] - 1] >> 2] |= 1 << c;
    for (let c = 0; c < nc; c++) {
      const h = len[c];
      if (h === 0) continue;
      const base = c * STRIDE;
      const card = col[base + h - 1];
      const rank = card >> 2;
      const pile = b.homePile(card);
      if (pile >= 0) {
        this.pushSorted(start, packRankMove(c, HOME + pile, card), 1000 - rank);
        if (b.spanish) continue;
      }
      if (rank === 12 || (h === 1 && this.loneCards)) continue;
      let targets = topsByRank[rank + 1] & ~(1 << c);
      if (targets === 0) continue;
      // The card it uncovers, if any; on it, a move to another column is a shuffle.
      const under = h >= 2 ? col[base + h - 2] : -1;
      const shuffle = h >= 2 && under >> 2 === rank + 1;
      if (shuffle && this.noReversible) continue;
      if (shuffle && this.shuffleUse) {
        const usable =
          b.homePile(under) >= 0 ||
          (rank + 2 <= 12 && h - 1 >= 2 && (topsByRank[rank + 2] & ~(1 << c)) !== 0) ||
          (topsByRank[rank] & ~(1 << c)) !== 0 ||
          (rank >= 1 && topsByRank[rank - 1] !== 0);
        if (!usable) continue;
      }
      // What leaving uncovers.
      let gain = 0;
      if (h >= 2) {
        if (b.homePile(under) >= 0) gain += 400;
        // The card of this column that its suit needs soonest, and how deep it lies.
        let best = 99;
        for (let i = 0; i < h - 1; i++) {
          const other = col[base + i];
          const need = b.spanish ? (other >> 2) : (other >> 2) - fh[other & 3];
          const cost = need * 4 + (h - 2 - i);
          if (cost < best) best = cost;
        }
        gain += 100 - best;
        if (shuffle) gain -= 60;
      }
      for (; targets !== 0; targets &= targets - 1) {
        const d = 31 - Math.clz32(targets & -targets);
        const hd = len[d];
        const top = col[d * STRIDE + hd - 1];
        const topNeed = b.spanish ? rank + 1 : rank + 1 - fh[top & 3];
        const m = packRankMove(c, d, card);
        const noise = this.noise();
        // The move back to the board before leads to a stored board: no need to look it up.
        if (m !== back) this.pushSorted(start, m, gain + topNeed * 8 - hd + noise);
      }
    }
    return moves.length - start;
  }

  /** A small random number for a restart's move order (none before the first restart). */
  private noise(): number {
    if (this.noiseSpan === 0) return 0;
    let x = this.rng;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.rng = x;
    // (x >>> 0) % span in small integers: the unsigned word is beyond V8's small integers, and
    // a remainder of doubles is slow.
    const span = this.noiseSpan;
    return span <= 0x7fff ? ((((x >>> 16) % span) << 16) + (x & 0xffff)) % span : (x >>> 0) % span;
  }
  private rng = 0x2545f491;
  private noiseSpan = 0;

  /** Inserts move `m` with `score` among the moves from `start` on, which stay in order of score (highest last, popped first). */
  private pushSorted(start: number, m: number, score: number): void {
    const moves = this.moves;
    const scores = this.scores;
    moves.push(m);
    scores.push(score);
    let i = moves.length - 1;
    while (i > start && scores.data[i - 1] > score) {
      moves.data[i] = moves.data[i - 1];
      scores.data[i] = scores.data[i - 1];
      i--;
    }
    moves.data[i] = m;
    scores.data[i] = score;
  }

  /** Depth-first search from the board; on 'solved' the trail holds the moves to the win. */
  run(limits: RankLimits): RankOutcome {
    const started = performance.now();
    if (this.stuck !== undefined) this.stuck.stopAt = { deadline: started + limits.maxMillis, shouldStop: limits.shouldStop };
    const b = this.board;
    const trail = this.trail;
    const moves = this.moves;
    const frames = this.frames;
    if (this.forceSafe) b.autoplay(trail);
    if (b.home === 52) return 'solved';
    this.seen.takeSpare(limits.maxBytes);
    this.seen.add(b.key);
    this.nodes = 1;
    if (this.deadEnds && isDeadEnd(b, this.scratch)) return 'exhausted';
    if (this.stuck?.isStuck(b, 1)) return 'exhausted';
    // A frame: index of its first move, trail length at entry.
    const count = this.generate();
    frames.push(moves.length - count);
    frames.push(trail.length);
    this.runs.length = 0;
    this.runs.push(0);
    const probe = new Uint32Array(5);
    let check = 0;
    let restart = 0;
    let budget = this.restartUnit * luby(1);
    while (frames.length > 0) {
      const f = frames.length - 2;
      const first = frames.data[f];
      if (moves.length > first) {
        const m = moves.data[--moves.length];
        this.scores.length = moves.length;
        if (b.childKey(m, probe, this.forceSafe) && this.seen.has(probe)) continue;
        const mark = trail.length;
        const reversible = b.isReversible(m);
        b.apply(m);
        trail.push(m);
        if (this.forceSafe) b.autoplayAfter(m, trail);
        if (b.home === 52) return 'solved';
        if (this.seen.add(b.key)) {
          this.nodes++;
          // A card moved off one parent onto another, with no forced move after it, cannot turn
          // a live board into a dead end: in the argument of rankDeadEnd.ts it leaves at once in
          // both boards (onto the parent the other one left uncovered), and from there the two
          // are the same. So the check is spent only where it can find something.
          const sameDeadEnd = reversible && trail.length === mark + 1;
          // Nor can a card moved onto a parent while another card of the parent's rank is free
          // (rankDeadEnd.ts, keepsDeadEnd), and then no card went home: no stuck test either.
          const sameAnswer = sameDeadEnd || (trail.length === mark + 1 && rankMoveDst(m) < HOME && keepsDeadEnd(b, rankMoveDst(m), rankMoveCard(m)));
          // A move that can be taken back, with nothing forced after it, keeps the skeleton.
          const dead =
            (!sameDeadEnd && this.skeleton?.isBoardLost(b) === true) ||
            (!sameAnswer && ((this.deadEnds && isDeadEnd(b, this.scratch)) || this.stuckAfter(mark)));
          if (!dead) {
            const run = sameDeadEnd ? this.runs.data[this.runs.length - 1] + 1 : 0;
            this.noReversible = run >= this.reversibleRun;
            const generated = this.generate(sameDeadEnd ? packRankMove(rankMoveDst(m), rankMoveSrc(m), rankMoveCard(m)) : -1);
            frames.push(moves.length - generated);
            frames.push(mark);
            this.runs.push(run);
          } else this.undoTo(mark);
          if (++check >= 4096) {
            check = 0;
            if (this.overLimits(limits, started, 4096)) return 'stopped';
          }
          if (--budget === 0) {
            budget = this.restartUnit * luby(++restart + 1);
            this.restartFromRoot();
          }
        } else this.undoTo(mark);
      } else {
        const mark = frames.data[f + 1];
        frames.length = f;
        this.runs.length--;
        this.undoTo(mark);
      }
    }
    this.peak();
    return 'exhausted';
  }

  /**
   * Starts again from the root with another move order, keeping what was learnt: every stored
   * position off the current path was searched to the end (each of its moves led to a dead end
   * or to a stored position), so a win reachable from one is reachable from a position on the
   * path, and those are forgotten, to be searched again.
   */
  private restartFromRoot(): void {
    const frames = this.frames;
    this.seen.forget(this.board.key);
    for (let f = frames.length - 2; f > 0; f -= 2) {
      this.undoTo(frames.data[f + 1]);
      this.seen.forget(this.board.key);
    }
    frames.length = 0;
    this.runs.length = 0;
    this.runs.push(0);
    this.noReversible = false;
    this.moves.length = 0;
    this.scores.length = 0;
    this.noiseSpan = this.restartNoise;
    this.seen.add(this.board.key);
    const count = this.generate();
    frames.push(this.moves.length - count);
    frames.push(this.trail.length);
  }

  /** Whether a card went home since trail length `mark` and the board is now proved stuck (see rankStuck.ts). */
  private stuckAfter(mark: number): boolean {
    const stuck = this.stuck;
    if (stuck === undefined) return false;
    const trail = this.trail;
    for (let t = mark; t < trail.length; t++) if (rankMoveDst(trail.data[t]) >= HOME) return stuck.isStuck(this.board, this.nodes);
    return false;
  }

  private undoTo(mark: number): void {
    const trail = this.trail;
    while (trail.length > mark) this.board.undo(trail.data[--trail.length]);
  }

}
