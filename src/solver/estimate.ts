/**
 * How a board stands, for the searches: an estimate of the work left (best-first search's guide),
 * with column sums kept between moves so that a child's estimate costs little; a lower bound on
 * the moves left; and an exact test for dead ends in games without cells.
 */
import { MoveGenerator } from './moveGenerator';
import { SHIFT_COUNT, SHIFT_DST } from './rules';

/**
 * A column's running sums for {@link Estimator.estimate}, packed in one number: blockers (bits
 * 0–7), cards not on their parent (8–15), cards needed home next (16–19), and the sum of those
 * cards' depths (20–30; at most four cards, one a suit, each of depth below 64).
 */
const PREFIX = { blocker: 1, unordered: 1 << 8, needed: 1 << 16, depth: 1 << 20 };

/**
 * A column's running sums (see {@link PREFIX}) with `card` added at `depth`, on card `under`
 * (255 for none): `mins` holds the lowest rank per suit below it, `heights` the foundation
 * heights (four bits a suit each).
 */
function withCard(sums: number, mins: number, heights: number, card: number, depth: number, under: number): number {
  const shift = (card & 3) << 2;
  const rank = card >> 2;
  if (((mins >> shift) & 15) < rank) sums += PREFIX.blocker;
  if (((heights >> shift) & 15) === rank) sums += PREFIX.needed + depth * PREFIX.depth;
  if (card + 4 !== under) sums += PREFIX.unordered;
  return sums;
}

/** `mins` (the lowest rank per suit, four bits a suit) with `card` counted. */
function lowestWith(mins: number, card: number): number {
  const shift = (card & 3) << 2;
  const rank = card >> 2;
  return ((mins >> shift) & 15) < rank ? mins : (mins & ~(15 << shift)) | (rank << shift);
}

/** A column's term of the estimate from its packed sums (see {@link PREFIX}) and its height h > 0. */
function columnTerm(wt: readonly number[], sums: number, h: number): number {
  const needed = (sums >> 16) & 15;
  return wt[0] * (sums & 255) + wt[3] * (needed * (h - 1) - (sums >>> 20)) + wt[5] * ((sums >> 8) & 255);
}

/** The board with its move generator and its estimate. Only ever made as a Searcher (searcher.ts). */
export class Estimator extends MoveGenerator {
  /**
   * Games without cells or usable empty columns, foundations by suit (Baker's Dozen, Good
   * Measure): positions with a card that can never move are dropped as lost (on/off only to
   * check the rule). See {@link deadlocked}.
   */
  pruneDeadlocks = true;
  private readonly deadRule = this.r.cells === 0 && this.r.empty === 2 && !this.r.spanish;
  private readonly where = new Int16Array(52);

  /**
   * A lower bound on the moves other than to a foundation still needed: every card lying above
   * a lower card of its own suit in a column must leave that column before that card goes home.
   */
  lowerBound(): number {
    if (this.r.spanish) return 0;
    let bound = 0;
    const low = this.lowScratch;
    for (let c = 0; c < this.nc; c++) {
      const base = c << this.shift;
      low[0] = low[1] = low[2] = low[3] = 99;
      for (let i = 0; i < this.len[c]; i++) {
        const card = this.col[base + i];
        const s = card & 3;
        const rk = card >> 2;
        if (low[s] < rk) bound++;
        if (rk < low[s]) low[s] = rk;
      }
    }
    return bound;
  }
  private readonly lowScratch = new Int8Array(4);

  /**
   * Weights of {@link estimate}: blockers, cards not home, cards in cells, cards above the next
   * ones needed home, empty columns, cards not on their parent (a column's bottom card counts). Tuned on deals 1-1000: in same-suit games, heavier weights
   * on cards not home and on buried next cards find solutions in 17% fewer positions (Baker's
   * Game, solutions one move longer on average); FreeCell needs 20% more positions with them.
   */
  static weights = { sameSuit: [3, 6, 1, 2, 2, 0], other: [3, 4, 1, 1, 2, 0] };
  private estimateWeights: readonly number[] = this.bits === 2 ? Estimator.weights.sameSuit : Estimator.weights.other;
  /** Other weights for {@link estimate} (see {@link weights}; a sixth counts cards not on their parent). */
  useEstimateWeights(weights: readonly number[]): void {
    this.estimateWeights = weights;
    this.termsValid = 0;
  }
  /** The column sum (see {@link columnSum}) of the board after the move of the last {@link estimateAfter}. */
  get lastChildSum(): number {
    return this.childSum;
  }
  private childSum = 0;
  /** {@link estimate}'s sum for each column, valid where the bit of the column is set in {@link termsValid}. */
  private readonly columnTerms = new Int32Array(32);
  /**
   * With a column's sum, its sums for each shorter height j (at `c * (stride + 1) + j`), packed
   * in one number (see {@link PREFIX}): the blockers and the cards not on their parent among its
   * first j cards, how many of them are needed home next and the sum of their depths; and the
   * lowest rank per suit in the whole column (four bits a suit). {@link estimateAfter} reads a
   * child's sums from these.
   */
  private readonly prefixSums = new Int32Array(this.nc * (this.stride + 1));
  private readonly columnMins = new Int32Array(32);

  /**
   * An estimate of the work left, for a best-first search that looks for a solution quickly
   * (not admissible): cards above a lower card of their suit, cards not home, cards in cells,
   * how deep the next cards needed home lie, minus empty columns.
   */
  estimate(): number {
    if (!this.r.spanish) {
      const wt = this.estimateWeights;
      const used = this.ncell - this.freeCells();
      const total = this.columnSum() + wt[1] * (52 - this.home) + wt[2] * used;
      return total > 0 ? total : 0;
    }
    return this.spanishEstimate();
  }

  /**
   * {@link estimate} of the board after move `m`, without playing it, for a move that
   * {@link childKey} accepted (not home, no forced move after it); not in Spanish Patience.
   * The moved columns' sums come from their shorter heights' sums and from the moved cards;
   * `boardSum`, the board's {@link columnSum} when the caller kept it, spares working out the
   * columns the move does not touch. The child's column sum is left in {@link lastChildSum}.
   */
  estimateAfter(m: number, boardSum = this.columnSum()): number {
    const wt = this.estimateWeights;
    const src = m & 31;
    const dst = (m >> SHIFT_DST) & 31;
    const count = m >> SHIFT_COUNT;
    const nc = this.nc;
    let sum = boardSum;
    let used = this.ncell - this.freeCells();
    const width = this.stride + 1;
    let first: number;
    if (src < nc) {
      const left = this.len[src] - count;
      first = (src << this.shift) + left;
      const at = src * width + left;
      sum -= (this.termsValid >> src) & 1 ? this.columnTerms[src] : this.columnTermOf(src);
      sum += left === 0 ? -wt[4] : columnTerm(wt, this.prefixSums[at], left);
    } else {
      used--;
      first = -1;
    }
    if (dst < nc) {
      // The dst column's running sums at its height, continued over the moved cards.
      const t = this.len[dst];
      const at = dst * width + t;
      const before = (this.termsValid >> dst) & 1 ? this.columnTerms[dst] : this.columnTermOf(dst);
      const fcount = this.fcount;
      const heights = fcount[0] | (fcount[1] << 4) | (fcount[2] << 8) | (fcount[3] << 12);
      let sums = this.prefixSums[at];
      let mins = t === 0 ? 0xffff : this.columnMins[dst];
      let under = t === 0 ? 255 : this.col[(dst << this.shift) + t - 1];
      for (let i = 0; i < count; i++) {
        const card = first < 0 ? this.cell[src - nc] : this.col[first + i];
        sums = withCard(sums, mins, heights, card, t + i, under);
        mins = lowestWith(mins, card);
        under = card;
      }
      sum += columnTerm(wt, sums, t + count) - before;
    } else used++;
    this.childSum = sum;
    const total = sum + wt[1] * (52 - this.home) + wt[2] * used;
    return total > 0 ? total : 0;
  }

  /**
   * The sum of the columns' terms of {@link estimate} (not in Spanish Patience). Per column: the
   * lowest rank per suit so far and the foundation heights packed four bits a suit into two
   * numbers (no array traffic in the loop); a column's sum is kept until a move changes the
   * column or a foundation.
   */
  columnSum(): number {
    let sum = 0;
    for (let c = 0; c < this.nc; c++) sum += (this.termsValid >> c) & 1 ? this.columnTerms[c] : this.columnTermOf(c);
    return sum;
  }

  /** Computes column c's term of {@link estimate} with its running sums, and marks it valid. */
  private columnTermOf(c: number): number {
    const wt = this.estimateWeights;
    const fcount = this.fcount;
    const col = this.col;
    const heights = fcount[0] | (fcount[1] << 4) | (fcount[2] << 8) | (fcount[3] << 12);
    const prefix = this.prefixSums;
    const base = c << this.shift;
    const h = this.len[c];
    let at = c * (this.stride + 1);
    let sums = 0;
    let mins = 0xffff;
    let under = 255;
    for (let i = 0; i < h; i++) {
      prefix[at++] = sums;
      const card = col[base + i];
      sums = withCard(sums, mins, heights, card, i, under);
      mins = lowestWith(mins, card);
      under = card;
    }
    prefix[at] = sums;
    this.columnMins[c] = mins;
    const term = h === 0 ? -wt[4] : columnTerm(wt, sums, h);
    this.columnTerms[c] = term;
    this.termsValid |= 1 << c;
    return term;
  }

  /** {@link estimate} in Spanish Patience (foundations by alternate colour from the lowest pile). */
  private spanishEstimate(): number {
    const wt = this.estimateWeights;
    const low = this.lowScratch;
    const col = this.col;
    const len = this.len;
    const lowPile = this.lowestPile();
    let blockers = 0;
    let above = 0;
    let empty = 0;
    for (let c = 0; c < this.nc; c++) {
      const base = c << this.shift;
      const h = len[c];
      if (h === 0) {
        empty++;
        continue;
      }
      low[0] = low[1] = low[2] = low[3] = 99;
      for (let i = 0; i < h; i++) {
        const card = col[base + i];
        const s = card & 3;
        const rk = card >> 2;
        const l = low[s];
        if (l < rk) blockers++;
        else low[s] = rk;
        if (rk === lowPile) above += h - 1 - i;
      }
    }
    let cells = 0;
    for (let i = 0; i < this.ncell; i++) if (this.cell[i] >= 0) cells++;
    const value = wt[0] * blockers + wt[1] * (52 - this.home) + wt[2] * cells + wt[3] * above - wt[4] * empty;
    return value > 0 ? value : 0;
  }

  /** Whether {@link deadlocked} can ever be true here. */
  get detectsDeadlocks(): boolean {
    return this.deadRule && this.pruneDeadlocks;
  }

  /**
   * Exact dead end, in games without cells or usable empty columns and with foundations by suit.
   * A card lying above a lower card of its own suit (a blocker) cannot go home before that card,
   * which cannot go home while covered: it can only move onto a card one rank higher (any suit).
   * Take the largest set S of blockers such that each one's higher cards are all home or covered
   * by a card of S (a King has none). No card of S can ever move: the first to move would need a
   * higher card uncovered, but a card of S still covers it. So when S is not empty the game is
   * lost. S is found by dropping, until none is left to drop, every blocker with a higher card
   * that is neither home nor covered by the blockers still kept.
   */
  deadlocked(): boolean {
    if (!this.detectsDeadlocks) return false;
    const where = this.where;
    const col = this.col;
    const len = this.len;
    const fcount = this.fcount;
    const nc = this.nc;
    const kept = this.keptScratch;
    let count = 0;
    for (let c = 0; c < nc; c++) {
      const base = c << this.shift;
      const h = len[c];
      let mins = 0xffff;
      for (let i = 0; i < h; i++) {
        const card = col[base + i];
        where[card] = base + i;
        const shift = (card & 3) << 2;
        const rk = card >> 2;
        if (((mins >> shift) & 15) >= rk) mins = (mins & ~(15 << shift)) | (rk << shift);
        else kept[count++] = card;
      }
    }
    if (count === 0) return false;
    const top = this.topScratch;
    for (;;) {
      // The highest place in each column held by a kept blocker.
      for (let c = 0; c < nc; c++) top[c] = -1;
      for (let k = 0; k < count; k++) {
        const at = where[kept[k]];
        const c = at >> this.shift;
        const i = at & (this.stride - 1);
        if (i > top[c]) top[c] = i;
      }
      let next = 0;
      for (let k = 0; k < count; k++) {
        const card = kept[k];
        const rk = card >> 2;
        let open = false;
        if (rk < 12) {
          for (let t = 0; t < 4; t++) {
            if (fcount[t] > rk + 1) continue; // home
            const at = where[(rk + 1) * 4 + t];
            if ((at & (this.stride - 1)) < top[at >> this.shift]) continue; // covered by a kept blocker
            open = true;
            break;
          }
        }
        if (!open) kept[next++] = card;
      }
      if (next === 0) return false;
      if (next === count) return true;
      count = next;
    }
  }
  private readonly keptScratch = new Uint8Array(52);
  private readonly topScratch = new Int8Array(64);
}
