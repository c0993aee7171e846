/**
 * Losses of a rank-built game with foundations by suit (Baker's Dozen, Good Measure) proved on a
 * coarser game than the real one: the board's *skeleton*, which tells of each card only whether
 * it is home, in place or loose (see rankComponents.ts: a column's cards up to its anchor are in
 * place, where they were in the root board; every other card in the tableau is loose, on some
 * card one rank higher, its parent). A skeleton is the foundations' heights and, per column, how
 * many of its root cards are in place.
 *
 * Take a real board. Each loose card of rank r lies on a parent of its own of rank r + 1, an
 * anchor or a loose card, so with n(r) loose cards of rank r and m(r) anchors and loose cards of
 * rank r: n(r) ≤ m(r + 1). A card on top of a column is an anchor or a loose card, and it has no
 * card on it, which for a card of rank r means that the loose cards of rank r − 1 lie on the
 * other parents: n(r − 1) ≤ m(r) − 1 (it is *exposable*). So a real move either leaves the
 * skeleton as it is (a loose card onto another parent), or is one of the skeleton's moves:
 * - an exposable card whose suit is at rank r − 1 goes home;
 * - an exposable anchor (not a King, not the bottom card of its column: rankSearch.ts's lone
 *   cards) becomes loose when a parent of rank r + 1 is free, n(r) < m(r + 1);
 * and an anchor that leaves uncovers the cards under it: those that lie on a card one rank
 * higher in the root board are loose from then on, down to the next card that does not, the new
 * anchor. These moves depend on the skeleton alone, so they are those of *every* arrangement of
 * the loose cards that the counts allow, reachable or not: when no sequence of them puts every
 * card home, no real sequence does, and every board of that skeleton is lost. A board can be won
 * in the skeleton and lost in truth (Good Measure deals 27, 515 and 603: the loose cards are not
 * as free as the counts say), so a skeleton that can be won proves nothing.
 *
 * Every skeleton move sends a card home or out of place for good, so the skeletons reachable form
 * a graph without cycles, and a depth-first search settles each one once and remembers it
 * (won or lost) for the rest of the solve: the search by components asks again at each of its
 * components, where most skeletons are known already. Good Measure deals 607, 636, 660, 779 and
 * 888, undecided by every other search here within 120 s, are proved lost at the root this way.
 *
 * A safe card (its suit's next card, every card two ranks lower home: DESIGN.md) that is
 * exposable is sent home as the only move tried: the rest of a sequence of skeleton moves that
 * won without that move first wins after it too, each card of rank r − 1 going home where it
 * would have become loose (they can: every card of rank r − 2 is home), and those loose already
 * going home at once. The one parent of rank r fewer is then never missed (no card of rank r − 1
 * is loose), and an anchor leaving earlier only uncovers cards with their parents.
 */
import { SkeletonTable } from '../skeletonTable';
import type { RankBoard } from './rankBoard';
import { codeOf } from './rankComponents';


/**
 * Per column of a root board, the index of its anchor (the topmost card not on a card one rank
 * higher: every card up to it is in place), or −1 when the column is empty.
 */
export function rootAnchors(columns: readonly (readonly number[])[]): number[] {
  return columns.map((cards) => {
    let top = cards.length - 1;
    while (top > 0 && cards[top - 1] >> 2 === (cards[top] >> 2) + 1) top--;
    return top;
  });
}

const IN_PLACE = 0;
const LOOSE = 1;
const HOME = 2;

/** What a {@link SkeletonProver} may spend in one solve. */
export interface SkeletonLimits {
  /** Skeletons searched at most (each about a microsecond). */
  readonly maxNodes: number;
  /** `performance.now()` after which no more skeletons are searched. */
  readonly deadline: number;
  readonly maxBytes: number;
  readonly shouldStop?: () => boolean;
}

/** Proves boards of one solve lost by their skeleton (see the file's comment). */
export class SkeletonProver {
  private readonly nc: number;
  /** Slots a column has in {@link root}: the tallest root column. */
  private readonly stride: number;
  /** The root's columns, bottom first, {@link stride} slots each. */
  private readonly root: Uint8Array;
  /** Per slot of {@link root}: 1 when its card lies on a card one rank higher there. */
  private readonly onParent: Uint8Array;
  private readonly colOf = new Int8Array(52).fill(-1);
  private readonly indexOf = new Int8Array(52);
  /** Per column: the weight of its depth in a key. */
  private readonly weight: Float64Array;
  /** False when the keys would not fit a double exactly (a board imported with very tall columns). */
  private readonly usable: boolean;
  private readonly table = new SkeletonTable();

  // The skeleton searched, changed in place.
  private readonly depth: Int8Array;
  private readonly fh = new Int8Array(4);
  private readonly status = new Uint8Array(52);
  private readonly loose = new Int32Array(14);
  private readonly parents = new Int32Array(15);
  private home = 0;
  private key = 0;

  /** Skeletons searched in this solve. */
  nodes = 0;
  /** Set once a limit ran out: from then on only skeletons settled before are used. */
  private spent = false;
  private limits: SkeletonLimits = { maxNodes: 0, deadline: 0, maxBytes: 0 };

  /** `forceSafe` false tries every move even where a safe card can go home (to check that rule). */
  constructor(
    columns: readonly (readonly number[])[],
    private readonly forceSafe = true,
  ) {
    this.nc = columns.length;
    const stride = Math.max(1, ...columns.map((cards) => cards.length));
    this.stride = stride;
    this.root = new Uint8Array(this.nc * stride);
    this.onParent = new Uint8Array(this.nc * stride);
    this.depth = new Int8Array(this.nc);
    this.weight = new Float64Array(this.nc);
    let weight = 14 ** 4;
    columns.forEach((cards, c) => {
      cards.forEach((card, i) => {
        this.root[c * stride + i] = card;
        this.colOf[card] = c;
        this.indexOf[card] = i;
        if (i > 0 && cards[i - 1] >> 2 === (card >> 2) + 1) this.onParent[c * stride + i] = 1;
      });
      this.weight[c] = weight;
      weight *= cards.length + 1;
    });
    this.usable = weight <= 2 ** 53;
    this.heights = Int8Array.from(columns, (cards) => cards.length);
    this.boardAnchors = new Int8Array(this.nc);
  }
  /** The root columns' heights. */
  private readonly heights: Int8Array;
  private readonly boardAnchors: Int8Array;

  /** Bytes the remembered skeletons take. */
  get bytes(): number {
    return this.table.bytes;
  }

  /** Skeletons settled so far. */
  get settled(): number {
    return this.table.size;
  }

  /** What the searches may spend from now on (the skeletons settled stay known). */
  setLimits(limits: SkeletonLimits): void {
    this.limits = limits;
    this.spent = false;
  }

  /**
   * Whether every board with foundation heights `fh` (by suit) and, per column, its anchor at
   * `anchorAt[c]` in the root column (−1: none in place) is lost; false also when not proved
   * within the limits.
   */
  isLost(fh: ArrayLike<number>, anchorAt: ArrayLike<number>): boolean {
    return this.usable && this.settle(fh, anchorAt, this.keyOf(fh, anchorAt));
  }

  /**
   * Whether `board`, a board of the root this prover was made for (keyed relative to it, as
   * rankBoard.ts keys boards), is proved lost by its skeleton. Its anchors are read off its key:
   * in each root column, the topmost card whose code is 0 (never moved, not on a parent).
   */
  isBoardLost(board: RankBoard): boolean {
    if (!this.usable) return false;
    const anchors = this.boardAnchors;
    for (let c = 0; c < this.nc; c++) {
      let i = this.heights[c] - 1;
      while (i >= 0 && codeOf(board.key, 0, this.root[c * this.stride + i]) !== 0) i--;
      anchors[c] = i;
    }
    return this.isLost(board.fh, anchors);
  }

  /**
   * Whether every board is lost that follows a board of skeleton `fh`, `anchorAt` (as in
   * {@link isLost}) once `card`, a loose card or an anchor, goes home (`toHome`) or, an anchor,
   * onto a parent. Asked before the boards that follow are listed, it spares listing them.
   */
  isLostAfter(fh: ArrayLike<number>, anchorAt: ArrayLike<number>, card: number, toHome: boolean): boolean {
    if (!this.usable) return false;
    let key = this.keyOf(fh, anchorAt);
    if (toHome) key += 14 ** (card & 3);
    const c = this.colOf[card];
    if (this.indexOf[card] === anchorAt[c]) {
      const base = c * this.stride;
      let i = anchorAt[c] - 1;
      while (i >= 0 && this.onParent[base + i] === 1) i--;
      key += (i - anchorAt[c]) * this.weight[c];
    }
    const known = this.table.get(key);
    if (known >= 0) return known === 0;
    if (this.spent) return false;
    this.load(fh, anchorAt, this.keyOf(fh, anchorAt));
    const won = toHome ? this.sendHome(card) : this.loosen(card);
    return !won && !this.spent;
  }

  private keyOf(fh: ArrayLike<number>, anchorAt: ArrayLike<number>): number {
    let key = fh[0] + 14 * (fh[1] + 14 * (fh[2] + 14 * fh[3]));
    for (let c = 0; c < this.nc; c++) key += (anchorAt[c] + 1) * this.weight[c];
    return key;
  }

  /** Whether the skeleton of key `key` is proved lost, searching it when not known. */
  private settle(fh: ArrayLike<number>, anchorAt: ArrayLike<number>, key: number): boolean {
    const known = this.table.get(key);
    if (known >= 0) return known === 0;
    if (this.spent) return false;
    this.load(fh, anchorAt, key);
    const won = this.won();
    return !won && !this.spent;
  }

  /** Sets the searched skeleton to `fh` and the anchors `anchorAt`. */
  private load(fh: ArrayLike<number>, anchorAt: ArrayLike<number>, key: number): void {
    const { status, loose, parents, depth, root } = this;
    loose.fill(0);
    parents.fill(0);
    this.home = 0;
    for (let s = 0; s < 4; s++) this.fh[s] = fh[s];
    for (let c = 0; c < this.nc; c++) depth[c] = anchorAt[c] + 1;
    for (let card = 0; card < 52; card++) {
      const rank = card >> 2;
      if (fh[card & 3] > rank) {
        status[card] = HOME;
        this.home++;
      } else if (this.indexOf[card] < depth[this.colOf[card]]) status[card] = IN_PLACE;
      else {
        status[card] = LOOSE;
        loose[rank]++;
        parents[rank]++;
      }
    }
    for (let c = 0; c < this.nc; c++) if (depth[c] > 0) parents[root[c * this.stride + depth[c] - 1] >> 2]++;
    this.key = key;
  }

  /** A card of rank `rank` (counted among the parents of its rank) could lie on top of a column. */
  private exposable(rank: number): boolean {
    return rank === 0 || this.loose[rank - 1] <= this.parents[rank] - 1;
  }

  /** Whether the skeleton searched can be won by skeleton moves; remembers the answer. */
  private won(): boolean {
    const known = this.table.get(this.key);
    if (known >= 0) return known === 1;
    if (this.home === 52) return this.remember(true);
    if (++this.nodes > this.limits.maxNodes || ((this.nodes & 4095) === 0 && this.outOfTime())) {
      this.spent = true;
      return false;
    }
    const { fh, status } = this;
    // A safe card that can go home: the only move tried.
    const low = Math.min(fh[0], fh[1], fh[2], fh[3]) + 1;
    for (let s = 0; s < 4 && this.forceSafe; s++) {
      const rank = fh[s];
      if (rank > low || rank === 13) continue;
      const card = rank * 4 + s;
      if (this.exposable(rank) && this.isTop(card)) {
        const won = this.sendHome(card);
        return this.spent ? false : this.remember(won);
      }
    }
    let won = false;
    for (let s = 0; s < 4 && !won && !this.spent; s++) {
      const rank = fh[s];
      if (rank === 13) continue;
      const card = rank * 4 + s;
      if (this.isTop(card) && this.exposable(rank)) won = this.sendHome(card);
    }
    for (let c = 0; c < this.nc && !won && !this.spent; c++) {
      if (this.depth[c] < 2) continue;
      const card = this.root[c * this.stride + this.depth[c] - 1];
      const rank = card >> 2;
      if (rank === 12 || status[card] !== IN_PLACE) continue;
      if (!this.exposable(rank) || this.loose[rank] >= this.parents[rank + 1]) continue;
      won = this.loosen(card);
    }
    return this.spent ? false : this.remember(won);
  }

  private outOfTime(): boolean {
    return performance.now() > this.limits.deadline || this.limits.shouldStop?.() === true;
  }

  private remember(won: boolean): boolean {
    if (!this.table.set(this.key, won, this.limits.maxBytes)) this.spent = true;
    return won;
  }

  /** Whether `card` (not home) is loose or its column's anchor: a card that can be on top. */
  private isTop(card: number): boolean {
    const status = this.status[card];
    if (status === LOOSE) return true;
    if (status !== IN_PLACE) return false;
    return this.indexOf[card] === this.depth[this.colOf[card]] - 1;
  }

  /** Plays `card` home, searches on, takes it back. */
  private sendHome(card: number): boolean {
    const rank = card >> 2;
    const suit = card & 3;
    const wasLoose = this.status[card] === LOOSE;
    const c = this.colOf[card];
    let oldDepth = -1;
    this.parents[rank]--;
    if (wasLoose) this.loose[rank]--;
    else oldDepth = this.cut(c);
    this.status[card] = HOME;
    this.fh[suit]++;
    this.home++;
    this.key += 14 ** suit;
    const won = this.won();
    this.key -= 14 ** suit;
    this.home--;
    this.fh[suit]--;
    if (wasLoose) {
      this.status[card] = LOOSE;
      this.loose[rank]++;
    } else {
      this.uncut(c, oldDepth);
      this.status[card] = IN_PLACE;
    }
    this.parents[rank]++;
    return won;
  }

  /** Makes anchor `card` loose (onto a free parent), searches on, takes it back. */
  private loosen(card: number): boolean {
    const rank = card >> 2;
    const c = this.colOf[card];
    this.status[card] = LOOSE;
    this.loose[rank]++;
    const oldDepth = this.cut(c);
    const won = this.won();
    this.uncut(c, oldDepth);
    this.loose[rank]--;
    this.status[card] = IN_PLACE;
    return won;
  }

  /**
   * Column `c` after its anchor left (counted out by the caller): the cards under it that lie on
   * a card one rank higher become loose, the next card that does not is the new anchor. Returns
   * the old depth.
   */
  private cut(c: number): number {
    const base = c * this.stride;
    const old = this.depth[c];
    let i = old - 2;
    while (i >= 0 && this.onParent[base + i] === 1) {
      const card = this.root[base + i];
      this.status[card] = LOOSE;
      this.loose[card >> 2]++;
      this.parents[card >> 2]++;
      i--;
    }
    if (i >= 0) this.parents[this.root[base + i] >> 2]++;
    this.depth[c] = i + 1;
    this.key += (i + 1 - old) * this.weight[c];
    return old;
  }

  /** Takes back {@link cut}. */
  private uncut(c: number, old: number): void {
    const base = c * this.stride;
    const now = this.depth[c];
    if (now > 0) this.parents[this.root[base + now - 1] >> 2]--;
    for (let i = now; i <= old - 2; i++) {
      const card = this.root[base + i];
      this.status[card] = IN_PLACE;
      this.loose[card >> 2]--;
      this.parents[card >> 2]--;
    }
    this.depth[c] = old;
    this.key += (old - now) * this.weight[c];
  }
}
