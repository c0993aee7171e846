/**
 * The solver's core: a complete depth-first search over a compact, mutable board held in typed
 * arrays, with its own move generator, forced safe foundation moves, and an exact canonical key.
 *
 * The key. Cards only ever land on a card they may be built on (their "parent"), in a cell, at
 * the bottom of an empty column, or home. So, relative to the root position of the search, the
 * place of every card is told by a small code: 0 where it stands at the root (a card at depth
 * ≥ 1 that is not on a parent never moved, and neither did anything under it), "on a parent of
 * suit s", "in a cell", "at the bottom of a column", "home". These codes determine the whole
 * board, whatever the order of the columns and of the cells, so the key of a position is its
 * 52 codes (2 bits each in same-suit games, where a card's parent is unique and home is read
 * from the foundation heights; 3 bits otherwise) packed into 4 or 6 words. It is updated in O(1)
 * per move, and stored whole in the hash set: a hit is an exact match, so proofs are exact.
 */
import type { Variant } from '../engine';

/** Where a move goes when it goes home: foundation pile `p` is target `FOUNDATION + p`. */
export const FOUNDATION = 24;

const SHIFT_DST = 5;
const SHIFT_COUNT = 10;

/** Packs a resolved internal move: source pile, target pile, number of cards. */
export function packMove(src: number, dst: number, count: number): number {
  return src | (dst << SHIFT_DST) | (count << SHIFT_COUNT);
}
export const moveSrc = (m: number): number => m & 31;
export const moveDst = (m: number): number => (m >> SHIFT_DST) & 31;
export const moveCount = (m: number): number => m >> SHIFT_COUNT;

const rank = (card: number): number => (card >> 2) + 1;
const isRedSuit = (suit: number): boolean => suit === 1 || suit === 2;

/** Budget and control for one search; all optional. */
export interface SearchLimits {
  maxNodes: number;
  maxMillis: number;
  maxBytes: number;
  /** Returns true when the search must stop (checked every few thousand nodes). */
  shouldStop?: () => boolean;
  onProgress?: (nodes: number, millis: number) => void;
}

export type SearchOutcome = 'solved' | 'exhausted' | 'stopped';

const NO_INTS = new Int32Array(0);
const NO_INTS_EITHER = new Int32Array(0);
const NO_WORDS = new Uint32Array(0);
/** Entries of a stack's first array. */
const FIRST_STACK = 1024;

/** A growable Int32 stack. */
class IntStack {
  data = NO_INTS;
  length = 0;
  constructor() {
    // Empty until the first push: a searcher that only plays moves never fills most of its
    // stacks, and an array of this size per stack made a good part of a solve's fixed cost
    // (outside V8's heap, each counts towards the next garbage collection). The second store of
    // another array makes V8 treat the field as one that changes (it does when the stack grows)
    // before any code is optimized, instead of throwing that code away.
    this.data = NO_INTS_EITHER;
  }
  push(value: number): void {
    if (this.length === this.data.length) this.ensure(1);
    this.data[this.length++] = value;
  }
  /** The entries as a plain array (a loop: `Array.from` of a typed array goes through an iterator, an object per entry until V8 optimizes it). */
  toArray(): number[] {
    const out = new Array<number>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = this.data[i];
    return out;
  }
  ensure(extra: number): void {
    if (this.length + extra > this.data.length) {
      let size = Math.max(FIRST_STACK, this.data.length * 2);
      while (this.length + extra > size) size *= 2;
      const bigger = new Int32Array(size);
      bigger.set(this.data);
      this.data = bigger;
    }
  }
}

/**
 * An open-addressing hash set of fixed-width keys (Uint32 words) in one typed array. The last
 * word's top bit marks a used slot (keys never use it).
 */
export class KeySet {
  private table: Uint32Array;
  private mask: number;
  size = 0;
  /**
   * Asked while the table grows (rehashing a large one takes longer than a prompt cancel may);
   * when it returns true the set stays in its table, over its load limit, until the search,
   * asking the same at its next check, stops.
   */
  shouldStop: (() => boolean) | undefined = undefined;
  constructor(readonly width: number, capacityLog2 = 16) {
    // Stored twice with other values: fields that change (as these do when the set grows)
    // from the start, see IntStack.
    this.table = NO_WORDS;
    this.mask = -1;
    this.table = takeTable((1 << capacityLog2) * width, true);
    this.mask = (1 << capacityLog2) - 1;
  }
  get bytes(): number {
    return this.table.byteLength;
  }
  /** Bytes the table would take after its next growth. */
  get nextBytes(): number {
    return this.table.byteLength * 2;
  }
  static hash(key: Uint32Array, width: number): number {
    let h = 0x811c9dc5 ^ width;
    for (let i = 0; i < width; i++) {
      h = Math.imul(h ^ key[i], 0x9e3779b1);
      h ^= h >>> 15;
    }
    h = Math.imul(h ^ (h >>> 13), 0x85ebca6b);
    return (h ^ (h >>> 16)) >>> 0;
  }
  /** Adds the key; true when it was not there yet. */
  add(key: Uint32Array): boolean {
    const w = this.width;
    const table = this.table;
    const last = w - 1;
    let slot = KeySet.hash(key, w) & this.mask;
    for (;;) {
      const base = slot * w;
      if (table[base + last] === 0) break;
      let same = (table[base + last] & 0x7fffffff) === key[last];
      for (let i = 0; same && i < last; i++) same = table[base + i] === key[i];
      if (same) return false;
      slot = (slot + 1) & this.mask;
    }
    const base = slot * w;
    for (let i = 0; i < last; i++) table[base + i] = key[i];
    table[base + last] = key[last] | 0x80000000;
    this.size++;
    if (this.size * 2 > this.mask) this.grow();
    return true;
  }
  has(key: Uint32Array): boolean {
    const w = this.width;
    const table = this.table;
    const last = w - 1;
    let slot = KeySet.hash(key, w) & this.mask;
    for (;;) {
      const base = slot * w;
      if (table[base + last] === 0) return false;
      let same = (table[base + last] & 0x7fffffff) === key[last];
      for (let i = 0; same && i < last; i++) same = table[base + i] === key[i];
      if (same) return true;
      slot = (slot + 1) & this.mask;
    }
  }
  private grow(): void {
    const old = this.table;
    // Three quarters full at most: a search that was asked to stop adds a few thousand keys more.
    const stop = this.size * 4 > this.mask * 3 ? undefined : this.shouldStop;
    if (stop?.()) return;
    const grown = rehash(old, this.width, (this.mask + 1) * 2, stop);
    if (!grown) return;
    this.table = grown;
    this.mask = this.mask * 2 + 1;
    giveTable(old);
  }
  /** A copy of the set. */
  clone(): KeySet {
    const copy = new KeySet(this.width, 0);
    copy.table = takeTable(this.table.length, false);
    copy.table.set(this.table);
    copy.mask = this.mask;
    copy.size = this.size;
    return copy;
  }

  /**
   * Empties the set and hands its table to the sets made after it (call it when the search is
   * done with the set; the set stays usable, as a new empty one).
   */
  release(): void {
    giveTable(this.table);
    this.table = new Uint32Array(this.width);
    this.mask = 0;
    this.size = 0;
  }

  /** Whether adding `extra` more keys would make the table grow. */
  wouldGrow(extra: number): boolean {
    return (this.size + extra) * 2 > this.mask;
  }
}

/**
 * Tables of sets that were released or outgrown, by length, for the next sets: a new typed
 * array's memory comes from the system untouched, and its page faults on first use cost a
 * proof as much as all its hash lookups' misses; zeroing a used table costs a fraction. The
 * pool stays with the thread (a solver worker keeps up to {@link POOL_BYTES} between requests,
 * not counted in any search's budget).
 */
const tablePool = new Map<number, Uint32Array[]>();
let pooledBytes = 0;
/** At most this much memory waits in {@link tablePool}; smaller tables are not kept. */
const POOL_BYTES = 32 << 20;
const POOL_MIN_WORDS = 1 << 12;

/** A table of `words` words, from the pool when one is there; zero-filled when `zeroed`. */
function takeTable(words: number, zeroed: boolean): Uint32Array {
  const table = tablePool.get(words)?.pop();
  if (!table) return new Uint32Array(words);
  pooledBytes -= table.byteLength;
  if (zeroed) table.fill(0);
  return table;
}

/** Bytes of tables waiting in the pool (for tests and diagnostics). */
export function pooledTableBytes(): number {
  return pooledBytes;
}

/** Empties the pool (for tests that need to know where a table comes from). */
export function clearTablePool(): void {
  tablePool.clear();
  pooledBytes = 0;
}

/** Keeps `table` (no longer used by its set) for {@link takeTable}, when there is room. */
function giveTable(table: Uint32Array): void {
  if (table.length < POOL_MIN_WORDS || pooledBytes + table.byteLength > POOL_BYTES) return;
  let list = tablePool.get(table.length);
  if (!list) tablePool.set(table.length, (list = []));
  list.push(table);
  pooledBytes += table.byteLength;
}

/** Slots of the old table rehashed between two calls of the stop check (a few milliseconds). */
const REHASH_CHECK_SLOTS = 1 << 14;

/**
 * The keys of `old` (a {@link KeySet} table of keys `width` words wide) in a new table of
 * `slots` slots; undefined when `shouldStop` returned true on the way (the new table given back).
 */
function rehash(old: Uint32Array, width: number, slots: number, shouldStop?: () => boolean): Uint32Array | undefined {
  const table = takeTable(slots * width, true);
  const chunk = REHASH_CHECK_SLOTS * width;
  for (let start = 0; start < old.length; start += chunk) {
    if (start > 0 && shouldStop?.()) {
      giveTable(table);
      return undefined;
    }
    rehashRange(old, table, width, slots - 1, start, Math.min(old.length, start + chunk));
  }
  return table;
}

/**
 * Moves the keys of `old` between words `start` and `end` into `table` (`mask`: its slots − 1).
 * The hot loop of {@link rehash} in a function of its own: V8 optimizes it while it runs, and
 * the stop callback, another closure for every search, stays outside the code it optimizes
 * (else that code was thrown away at the next search's first growth, and again on a larger
 * table's second chunk).
 */
function rehashRange(old: Uint32Array, table: Uint32Array, width: number, mask: number, start: number, end: number): void {
  const last = width - 1;
  const key = new Uint32Array(width);
  for (let base = start; base < end; base += width) {
    if (old[base + last] === 0) continue;
    for (let i = 0; i < width; i++) key[i] = old[base + i];
    key[last] &= 0x7fffffff;
    let slot = KeySet.hash(key, width) & mask;
    while (table[slot * width + last] !== 0) slot = (slot + 1) & mask;
    const to = slot * width;
    for (let i = 0; i < width; i++) table[to + i] = old[base + i];
  }
}

/** The variant's rules as small numbers, for the inner loop. */
export interface Rules {
  readonly columns: number;
  readonly cells: number;
  /** 0 same suit, 1 alternate colour, 2 any suit. */
  readonly build: number;
  /** 0 any card, 1 Kings only, 2 none. */
  readonly empty: number;
  /** 0 supermove, 1 cells plus one, 2 unlimited, 3 doubling, 4 one. */
  readonly limit: number;
  /** True in Spanish Patience (foundations by alternate colour, any Ace). */
  readonly spanish: boolean;
  /** 0 same suit (all), 1 FreeCell, 2 rank, 3 Aces only. */
  readonly safe: number;
}

export function rulesOf(variant: Variant): Rules {
  return {
    columns: variant.columns,
    cells: variant.cells,
    build: variant.build === 'same-suit' ? 0 : variant.build === 'alternate-colour' ? 1 : 2,
    empty: variant.emptyColumn === 'any' ? 0 : variant.emptyColumn === 'king' ? 1 : 2,
    limit: ['supermove', 'cells-plus-one', 'unlimited', 'doubling', 'one'].indexOf(variant.sequenceLimit),
    spanish: variant.foundation === 'alternate-colour',
    safe: ['same-suit', 'freecell', 'rank', 'aces-only'].indexOf(variant.autoplay),
  };
}

/** A board as plain arrays (engine Position without the variant): columns bottom first, cells, foundation piles. */
export interface Board {
  readonly columns: readonly (readonly number[])[];
  readonly cells: readonly (number | null)[];
  readonly foundations: readonly (readonly number[])[];
}

/**
 * A column's running sums for {@link Searcher.estimate}, packed in one number: blockers (bits
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

/**
 * The mutable search board and the search itself. One instance searches from one root.
 */
export class Searcher {
  readonly r: Rules;
  private readonly build: number;
  private readonly nc: number;
  private readonly ncell: number;
  /**
   * The whole board lives in one buffer, seen word by word here, so that a snapshot is a copy
   * of whole words: columns (each `stride` bytes, bottom first), their
   * lengths, cells, foundation heights and tops, Spanish piles, key.
   */
  private readonly state32: Uint32Array;
  /** Bytes per column in {@link col}: room for the longest column the board can grow. */
  private readonly stride: number;
  /** log2 of {@link stride}. */
  private readonly shift: number;
  readonly col: Uint8Array;
  readonly len: Uint8Array;
  readonly cell: Int8Array;
  /** By-suit: height of pile s. Spanish: number of cards on pile p. */
  readonly fcount: Uint8Array;
  /** Spanish: top card of pile p, or -1. */
  readonly ftop: Int8Array;
  home = 0;

  // Key.
  private readonly bits: number;
  readonly width: number;
  readonly key: Uint32Array;
  private readonly keyWord = new Uint8Array(52);
  private readonly keyShift = new Uint8Array(52);
  private readonly codeMask: number;
  private readonly rootPred = new Int8Array(52);
  private readonly rootBottom = new Uint8Array(52);
  private readonly CELL: number;
  private readonly BOTTOM: number;
  private readonly HOME: number;

  /** Forced safe foundation moves on/off (off only to check the rule against a complete search). */
  forceSafe = true;
  /**
   * Same-suit games: the cards of a column that is one run from a King at its bottom never move
   * except home (on/off only to check the rule against a complete search). Exact: such a card X
   * lies on its only parent P, and P (with everything under it) can neither take another card
   * nor go home before X does, so a line that moves X away (to a cell, an empty column, or
   * anywhere) until it comes back or goes home only ties up a cell or column: leaving X where it
   * is gives the same moves with at least as many free cells and columns. The King itself
   * could only move to another empty column (the same position up to column order).
   */
  pruneRooted = true;
  /**
   * Same-suit games, with {@link pruneRooted}: a single card (on top of a column, or in a cell)
   * whose parent is the top of such a column is the only move tried from that position (on/off
   * only to check the rule against a complete search). Not where every cell is full and no
   * empty column can be used: the generator's short cut there does not measure the columns,
   * and measuring them cost more than the positions it saved.
   *
   * Exact: the position after the move (A) can do all that the one before it (B) can. The
   * parent never moves but home, after the card. In B the card can go home only from where A
   * has it, or move between cells, columns and onto its parent, which A skips; a card put on it
   * in B (its one child) can be put on it in A. Every other move of B is a move of A, which has
   * as many cells and columns free or more, and the card's old place uncovered. So when B can
   * be won, A can, in no more moves; and each such move puts one more card into a rooted column,
   * so a chain of them ends: the search still reaches a win whenever there is one.
   */
  buildOnRooted = true;
  /**
   * Games without cells or usable empty columns, foundations by suit (Baker's Dozen, Good
   * Measure): positions with a card that can never move are dropped as lost (on/off only to
   * check the rule). See {@link deadlocked}.
   */
  pruneDeadlocks = true;
  private readonly deadRule: boolean;
  private readonly where = new Int16Array(52);
  /** Whether the search orders moves by its heuristic (off: generation order). */
  ordered = true;

  readonly trail = new IntStack();
  readonly moves = new IntStack();
  private readonly scores: IntStack = new IntStack();
  private readonly frames = new IntStack();
  seen: KeySet;
  nodes = 0;
  /** Largest number of bytes held by the search's arrays so far. */
  peakBytes = 0;

  /**
   * `seenLog2`: the initial size of {@link seen}, as a power of two; 0 where the caller brings
   * its own set or only plays moves (a table of the default size is zeroed for each search).
   */
  constructor(rules: Rules, board: Board, seenLog2 = 12) {
    this.r = rules;
    this.build = rules.build;
    this.nc = rules.columns;
    this.ncell = rules.cells;
    // A column holds at most what it starts with plus one run of 13 (a run on a card of rank r
    // has at most r − 1 cards).
    const longest = Math.max(0, ...board.columns.map((column) => column.length));
    this.shift = longest + 13 <= 32 ? 5 : 6;
    this.stride = 1 << this.shift;
    this.bits = rules.build === 0 && !rules.spanish ? 2 : 3;
    const perWord = this.bits === 2 ? 16 : 10;
    this.width = this.bits === 2 ? 4 : 6;
    const lenAt = this.nc * this.stride;
    const cellAt = lenAt + this.nc;
    const fcountAt = cellAt + Math.max(1, this.ncell);
    const ftopAt = fcountAt + 4;
    const pilesAt = ftopAt + 4;
    const keyAt = (pilesAt + (rules.spanish ? 56 : 0) + 3) & ~3;
    const buffer = new ArrayBuffer(keyAt + this.width * 4);
    this.state32 = new Uint32Array(buffer);
    this.col = new Uint8Array(buffer, 0, lenAt);
    this.len = new Uint8Array(buffer, lenAt, this.nc);
    this.cell = new Int8Array(buffer, cellAt, Math.max(1, this.ncell)).fill(-1);
    this.fcount = new Uint8Array(buffer, fcountAt, 4);
    this.ftop = new Int8Array(buffer, ftopAt, 4).fill(-1);
    this.piles = [0, 1, 2, 3].map((p) => new Int8Array(buffer, pilesAt + 14 * (rules.spanish ? p : 0), rules.spanish ? 14 : 0));
    this.key = new Uint32Array(buffer, keyAt, this.width);
    this.codeMask = (1 << this.bits) - 1;
    for (let c = 0; c < 52; c++) {
      this.keyWord[c] = Math.floor(c / perWord);
      this.keyShift[c] = (c % perWord) * this.bits;
    }
    if (this.bits === 2) {
      this.CELL = 2;
      this.BOTTOM = 3;
      this.HOME = 0;
    } else {
      this.CELL = 5;
      this.BOTTOM = 6;
      this.HOME = 7;
    }
    this.seen = new KeySet(this.width, seenLog2);
    this.prefixSums = new Int32Array(this.nc * (this.stride + 1));
    this.room = this.nc * (this.nc + 4) + this.ncell * (this.nc + 4) + 64;
    this.estimateWeights = this.bits === 2 ? Searcher.weights.sameSuit : Searcher.weights.other;
    this.deadRule = rules.cells === 0 && rules.empty === 2 && !rules.spanish;

    this.rootPred.fill(-1);
    board.columns.forEach((column, c) => {
      column.forEach((card, i) => {
        this.col[(c << this.shift) + i] = card;
        if (i === 0) this.rootBottom[card] = 1;
        else this.rootPred[card] = column[i - 1];
      });
      this.len[c] = column.length;
    });
    board.cells.forEach((card, i) => {
      if (card !== null) this.cell[i] = card;
    });
    board.foundations.forEach((pile, p) => {
      this.fcount[p] = pile.length;
      this.ftop[p] = pile.length === 0 ? -1 : pile[pile.length - 1];
      this.home += pile.length;
    });
    this.rebuildKey();
  }

  // ---- rules -------------------------------------------------------------------------------

  /** Whether `card` may be built on `onto` in the tableau. */
  canBuild(card: number, onto: number): boolean {
    if ((onto >> 2) !== (card >> 2) + 1) return false;
    const b = this.build;
    if (b === 0) return (card & 3) === (onto & 3);
    if (b === 1) return isRedSuit(card & 3) !== isRedSuit(onto & 3);
    return true;
  }

  mayFill(card: number): boolean {
    const e = this.r.empty;
    return e === 0 || (e === 1 && card >> 2 === 12);
  }

  /** The foundation pile that takes `card` now, or -1 (Spanish: the first such pile). */
  foundationFor(card: number): number {
    if (!this.r.spanish) {
      const s = card & 3;
      return this.fcount[s] === card >> 2 ? s : -1;
    }
    const rk = card >> 2;
    for (let p = 0; p < 4; p++) {
      const top = this.ftop[p];
      if (top < 0) {
        if (rk === 0) return p;
      } else if (rk === (top >> 2) + 1 && isRedSuit(top & 3) !== isRedSuit(card & 3)) return p;
    }
    return -1;
  }

  /** The variant's safe auto-play rule (DESIGN.md section 3); the card must be playable. */
  isSafe(card: number): boolean {
    const safe = this.r.safe;
    if (safe === 0) return true;
    const rk = rank(card);
    if (safe === 3) return rk === 1;
    if (safe === 2) {
      for (let p = 0; p < 4; p++) if (this.fcount[p] < rk - 2) return false;
      return true;
    }
    if (rk <= 2) return true;
    const suit = card & 3;
    const red = isRedSuit(suit);
    for (let s = 0; s < 4; s++) {
      if (s === suit) continue;
      if (this.fcount[s] < (isRedSuit(s) === red ? rk - 3 : rk - 2)) return false;
    }
    return true;
  }

  freeCells(): number {
    let f = 0;
    for (let i = 0; i < this.ncell; i++) if (this.cell[i] < 0) f++;
    return f;
  }

  emptyColumns(): number {
    let e = 0;
    for (let c = 0; c < this.nc; c++) if (this.len[c] === 0) e++;
    return e;
  }

  /** How many cards may move as one run, to an empty column or not. */
  runLimit(free: number, empty: number, toEmpty: boolean): number {
    const stop = empty - (toEmpty ? 1 : 0);
    switch (this.r.limit) {
      case 0:
        return (1 + free) << stop;
      case 1:
        return 1 + free;
      case 2:
        return 64;
      case 3:
        return 1 << stop;
      default:
        return 1;
    }
  }

  /** The top card of column c, or -1 when it is empty. */
  topOf(c: number): number {
    const n = this.len[c];
    return n === 0 ? -1 : this.col[(c << this.shift) + n - 1];
  }

  /** Length of the run at the end of column c. */
  runLength(c: number): number {
    const n = this.len[c];
    if (n === 0) return 0;
    const base = c << this.shift;
    let k = 1;
    while (k < n && this.canBuild(this.col[base + n - k], this.col[base + n - k - 1])) k++;
    return k;
  }

  // ---- key ---------------------------------------------------------------------------------

  private setCode(card: number, code: number): void {
    this.writeCode(this.key, card, code);
  }

  /** Writes `card`'s code into `key` (the board's key or a copy of it). */
  private writeCode(key: Uint32Array, card: number, code: number): void {
    const w = this.keyWord[card];
    const s = this.keyShift[card];
    key[w] = (key[w] & ~(this.codeMask << s)) | (code << s);
  }

  /** The code of a card that stands in column c at depth i. */
  private columnCode(card: number, c: number, i: number): number {
    if (i === 0) return this.rootBottom[card] ? 0 : this.BOTTOM;
    const under = this.col[(c << this.shift) + i - 1];
    if (this.canBuild(card, under)) return this.bits === 2 ? 1 : 1 + (under & 3);
    return 0;
  }

  private foundationExtras(): void {
    if (this.bits === 2) {
      let heights = 0;
      for (let s = 0; s < 4; s++) heights |= this.fcount[s] << (4 * s);
      this.key[3] = (this.key[3] & 0xff) | (heights << 8);
    } else if (this.r.spanish) {
      // The multiset of (height, colour of top) over the piles, sorted.
      const codes = [0, 0, 0, 0];
      for (let p = 0; p < 4; p++) {
        const top = this.ftop[p];
        codes[p] = top < 0 ? 0 : this.fcount[p] * 2 + (isRedSuit(top & 3) ? 1 : 0);
      }
      codes.sort((a, b) => a - b);
      const packed = codes[0] | (codes[1] << 5) | (codes[2] << 10) | (codes[3] << 15);
      this.key[5] = (this.key[5] & 0x3f) | (packed << 6);
    }
  }

  rebuildKey(): void {
    this.key.fill(0);
    for (let c = 0; c < this.nc; c++) {
      for (let i = 0; i < this.len[c]; i++) {
        const card = this.col[(c << this.shift) + i];
        this.setCode(card, this.columnCode(card, c, i));
      }
    }
    for (let i = 0; i < this.ncell; i++) if (this.cell[i] >= 0) this.setCode(this.cell[i], this.CELL);
    if (this.bits === 3) {
      for (let card = 0; card < 52; card++) if (this.isHome(card)) this.setCode(card, this.HOME);
    }
    this.foundationExtras();
  }

  private isHome(card: number): boolean {
    for (let c = 0; c < this.nc; c++) {
      const base = c << this.shift;
      for (let i = 0; i < this.len[c]; i++) if (this.col[base + i] === card) return false;
    }
    for (let i = 0; i < this.ncell; i++) if (this.cell[i] === card) return false;
    return true;
  }

  // ---- moves -------------------------------------------------------------------------------

  /** Performs a resolved move without checks, keeping the key up to date. */
  apply(m: number): void {
    const src = m & 31;
    const dst = (m >> SHIFT_DST) & 31;
    const count = m >> SHIFT_COUNT;
    this.termsValid &= dst >= FOUNDATION ? 0 : ~((1 << src) | (1 << dst));
    const nc = this.nc;
    let card: number;
    if (src < nc) {
      const base = src << this.shift;
      const n = this.len[src] - count;
      card = this.col[base + n];
      if (dst < nc) {
        const tbase = dst << this.shift;
        const t = this.len[dst];
        for (let i = 0; i < count; i++) this.col[tbase + t + i] = this.col[base + n + i];
        this.len[dst] = t + count;
        this.len[src] = n;
        this.setCode(card, this.columnCode(card, dst, t));
        return;
      }
      this.len[src] = n;
    } else {
      card = this.cell[src - nc];
      this.cell[src - nc] = -1;
    }
    if (dst < nc) {
      const t = this.len[dst];
      this.col[(dst << this.shift) + t] = card;
      this.len[dst] = t + 1;
      this.setCode(card, this.columnCode(card, dst, t));
    } else if (dst < FOUNDATION) {
      this.cell[dst - nc] = card;
      this.setCode(card, this.CELL);
    } else {
      const p = dst - FOUNDATION;
      this.fcount[p]++;
      this.ftop[p] = card;
      this.home++;
      this.setCode(card, this.HOME);
      this.foundationExtras();
    }
  }

  /** Takes back a move performed by {@link apply}. */
  undo(m: number): void {
    const src = m & 31;
    const dst = (m >> SHIFT_DST) & 31;
    const count = m >> SHIFT_COUNT;
    this.termsValid &= dst >= FOUNDATION ? 0 : ~((1 << src) | (1 << dst));
    const nc = this.nc;
    let card: number;
    if (dst < nc) {
      const tbase = dst << this.shift;
      const t = this.len[dst] - count;
      card = this.col[tbase + t];
      if (src < nc) {
        const base = src << this.shift;
        const n = this.len[src];
        for (let i = 0; i < count; i++) this.col[base + n + i] = this.col[tbase + t + i];
        this.len[src] = n + count;
        this.len[dst] = t;
        this.setCode(card, this.columnCode(card, src, n));
        return;
      }
      this.len[dst] = t;
    } else if (dst < FOUNDATION) {
      card = this.cell[dst - nc];
      this.cell[dst - nc] = -1;
    } else {
      const p = dst - FOUNDATION;
      card = this.ftop[p];
      this.fcount[p]--;
      this.home--;
      if (this.r.spanish) {
        // The card under it: any card one lower of the other colour that is home... we keep a
        // per-pile history instead.
        this.ftop[p] = this.pileBelow(p);
      } else {
        this.ftop[p] = this.fcount[p] === 0 ? -1 : card - 4;
      }
      this.foundationExtras();
    }
    if (src < nc) {
      const n = this.len[src];
      this.col[(src << this.shift) + n] = card;
      this.len[src] = n + 1;
      this.setCode(card, this.columnCode(card, src, n));
    } else {
      this.cell[src - nc] = card;
      this.setCode(card, this.CELL);
    }
  }

  /** Spanish Patience: pile contents, for undo. */
  private readonly piles: Int8Array[];
  private pileBelow(p: number): number {
    return this.fcount[p] === 0 ? -1 : this.piles[p][this.fcount[p] - 1];
  }

  /** Records the Spanish pile contents from the board (the search keeps them in step). */
  initPiles(board: Board): void {
    board.foundations.forEach((pile, p) => pile.forEach((card, i) => (this.piles[p][i] = card)));
  }

  private applyTracked(m: number): void {
    this.apply(m);
    const dst = (m >> SHIFT_DST) & 31;
    if (this.r.spanish && dst >= FOUNDATION) {
      const p = dst - FOUNDATION;
      this.piles[p][this.fcount[p] - 1] = this.ftop[p];
    }
    this.trail.push(m);
  }

  /**
   * The forced moves after move `m`, when the board before it had none left: only a card that
   * `m` uncovered can have become playable, unless `m` itself went home.
   */
  autoplayAfter(m: number): void {
    if (!this.forceSafe) return;
    const src = m & 31;
    if (((m >> SHIFT_DST) & 31) < FOUNDATION) {
      if (src >= this.nc) return;
      const h = this.len[src];
      if (h === 0) return;
      if (!this.goesHomeAtOnce(this.col[(src << this.shift) + h - 1])) return;
    }
    this.autoplay();
  }

  /** Whether `card`, once uncovered, is a forced move home (with forced moves on). */
  private goesHomeAtOnce(card: number): boolean {
    return this.foundationFor(card) >= 0 && this.isSafe(card);
  }

  /** Plays every forced safe foundation move, recording them on the trail. */
  autoplay(): void {
    if (!this.forceSafe) return;
    const nc = this.nc;
    let changed = true;
    while (changed) {
      changed = false;
      for (let c = 0; c < nc; c++) {
        while (this.len[c] > 0) {
          const card = this.col[(c << this.shift) + this.len[c] - 1];
          const p = this.foundationFor(card);
          if (p < 0 || !this.isSafe(card)) break;
          this.applyTracked(packMove(c, FOUNDATION + p, 1));
          changed = true;
        }
      }
      for (let i = 0; i < this.ncell; i++) {
        const card = this.cell[i];
        if (card < 0) continue;
        const p = this.foundationFor(card);
        if (p < 0 || !this.isSafe(card)) continue;
        this.applyTracked(packMove(nc + i, FOUNDATION + p, 1));
        changed = true;
      }
    }
  }

  /**
   * Appends every move worth trying from the current board to the move stack (with scores),
   * returning how many. Exactly one empty cell and one empty column stand for all of them
   * (they are interchangeable under the key), moving a whole column to an empty one is no move.
   */
  generate(): number {
    if (!this.ordered && !this.r.spanish) {
      return this.build === 0 && this.forceSafe && this.r.safe === 0 ? this.generateSameSuit() : this.generateFast();
    }
    const nc = this.nc;
    const ncell = this.ncell;
    const col = this.col;
    const len = this.len;
    const moves = this.moves;
    const scores = this.scores;
    moves.ensure(this.room);
    scores.ensure(this.room);
    const md = moves.data;
    const sd = scores.data;
    const start = moves.length;
    let n = start;
    let free = 0;
    let freeCell = -1;
    for (let i = 0; i < ncell; i++) {
      if (this.cell[i] < 0) {
        free++;
        if (freeCell < 0) freeCell = i;
      }
    }
    let empty = 0;
    let emptyCol = -1;
    const owner = this.owner;
    for (let c = 0; c < nc; c++) {
      if (len[c] === 0) {
        empty++;
        if (emptyCol < 0) emptyCol = c;
      } else owner[col[(c << this.shift) + len[c] - 1]] = c;
    }
    const build = this.build;
    const limitCard = this.runLimit(free, empty, false);
    const limitEmpty = empty > 0 ? this.runLimit(free, empty, true) : 0;
    const mayEmpty = this.r.empty !== 2;
    const ordered = this.ordered;
    const spanish = this.r.spanish;
    const forced = this.forceSafe;
    const fcount = this.fcount;
    const low = spanish ? this.lowestPile() : 0;
    const rootedRule = this.pruneRooted && build === 0 && !spanish;
    const homeForced = forced && this.r.safe === 0;
    const fillAny = this.r.empty === 0;

    for (let c = 0; c < nc; c++) {
      const h = len[c];
      if (h === 0) continue;
      const base = c << this.shift;
      const top = col[base + h - 1];
      let bonus = 0;
      if (ordered) {
        // How soon a card of this column is needed, and how deep it lies.
        for (let i = 0; i < h; i++) {
          const card = col[base + i];
          const need = spanish ? (card >> 2) - low : (card >> 2) - fcount[card & 3];
          const value = 60 - need * 8 - (h - 1 - i) * 6;
          if (value > bonus) bonus = value;
        }
      }

      // Home, when not forced (in same-suit games with forced moves, every home move is forced).
      const p = homeForced ? -1 : this.foundationFor(top);
      if (p >= 0 && !(forced && this.isSafe(top))) {
        if (spanish) {
          for (let q = p; q < 4; q++) {
            if (this.pileTakes(q, top) && !this.samePileAsEarlier(q, top)) {
              md[n] = packMove(c, FOUNDATION + q, 1);
              sd[n++] = 1000;
            }
          }
        } else {
          md[n] = packMove(c, FOUNDATION + p, 1);
          sd[n++] = 1000;
        }
      }

      // Run length at the end of the column; each card of it onto a parent that is a top card.
      let run = 1;
      if (build === 0) while (run < h && col[base + h - run - 1] === col[base + h - run] + 4) run++;
      else while (run < h && this.canBuild(col[base + h - run], col[base + h - run - 1])) run++;
      // One run from a King at the bottom: only home (see pruneRooted).
      if (rootedRule && run === h && h > 1 && col[base] >> 2 === 12) continue;
      const kmax = run < limitCard ? run : limitCard;
      if (build === 0) {
        // Same suit: the only parent of a card is the card four above it.
        for (let k = 1; k <= kmax; k++) {
          const card = col[base + h - k];
          if (card >= 48) continue;
          const d = owner[card + 4];
          if (d < 0) continue;
          md[n] = packMove(c, d, k);
          sd[n++] = 300 + (k === h ? 200 : 0) + bonus + k;
        }
      } else for (let k = 1; k <= kmax; k++) {
        const card = col[base + h - k];
        if (card >= 48) continue;
        const up = card + 4 - (card & 3);
        for (let s = 0; s < 4; s++) {
          if (build === 0 ? s !== (card & 3) : build === 1 && isRedSuit(s) === isRedSuit(card & 3)) continue;
          const d = owner[up + s];
          if (d < 0) continue;
          // Onto a parent: good, better when it empties the column.
          md[n] = packMove(c, d, k);
          sd[n++] = 300 + (k === h ? 200 : 0) + bonus + k;
        }
      }
      if (mayEmpty && empty > 0) {
        const longest = Math.min(run, limitEmpty);
        for (let k = 1; k <= longest; k++) {
          if (k === h) break; // the whole column: no move
          const baseCard = col[base + h - k];
          if (!fillAny && baseCard >> 2 !== 12) continue;
          md[n] = packMove(c, emptyCol, k);
          sd[n++] = 100 + bonus + k * 4 + (baseCard >> 2 === 12 ? 40 : 0);
        }
      }
      if (free > 0) {
        md[n] = packMove(c, nc + freeCell, 1);
        sd[n++] = bonus - h - (h === 1 ? 0 : 20);
      }
    }

    for (let i = 0; i < ncell; i++) {
      const card = this.cell[i];
      if (card < 0) continue;
      const p = homeForced ? -1 : this.foundationFor(card);
      if (p >= 0 && !(forced && this.isSafe(card))) {
        if (spanish) {
          for (let q = p; q < 4; q++) {
            if (this.pileTakes(q, card) && !this.samePileAsEarlier(q, card)) {
              md[n] = packMove(nc + i, FOUNDATION + q, 1);
              sd[n++] = 1000;
            }
          }
        } else {
          md[n] = packMove(nc + i, FOUNDATION + p, 1);
          sd[n++] = 1000;
        }
      }
      if (card < 48) {
        const up = card + 4 - (card & 3);
        for (let s = 0; s < 4; s++) {
          if (build === 0 ? s !== (card & 3) : build === 1 && isRedSuit(s) === isRedSuit(card & 3)) continue;
          const d = owner[up + s];
          if (d < 0) continue;
          md[n] = packMove(nc + i, d, 1);
          sd[n++] = 500;
        }
      }
      if (mayEmpty && empty > 0 && (fillAny || card >> 2 === 12)) {
        md[n] = packMove(nc + i, emptyCol, 1);
        sd[n++] = 150 + (card >> 2 === 12 ? 100 : 0);
      }
    }
    moves.length = n;
    for (let c = 0; c < nc; c++) if (len[c] > 0) owner[col[(c << this.shift) + len[c] - 1]] = -1;

    const count = n - start;
    if (ordered && count > 1) {
      // Insertion sort, best first.
      for (let i = start + 1; i < n; i++) {
        const m = md[i];
        const sc = sd[i];
        let j = i - 1;
        while (j >= start && sd[j] < sc) {
          md[j + 1] = md[j];
          sd[j + 1] = sd[j];
          j--;
        }
        md[j + 1] = m;
        sd[j + 1] = sc;
      }
    }
    return count;
  }

  /**
   * {@link generate} without ordering (the proofs' and best-first's case), outside Spanish
   * Patience: the same moves in the same order, without scores. In same-suit games a card's
   * only parent is the card four above it. Public so that tests can hold the same-suit
   * generator to it.
   */
  generateFast(): number {
    const nc = this.nc;
    const ncell = this.ncell;
    const col = this.col;
    const len = this.len;
    const cell = this.cell;
    const shift = this.shift;
    const moves = this.moves;
    moves.ensure(this.room);
    const md = moves.data;
    const start = moves.length;
    let n = start;
    let free = 0;
    let freeCell = -1;
    for (let i = 0; i < ncell; i++) {
      if (cell[i] < 0) {
        if (freeCell < 0) freeCell = i;
        free++;
      }
    }
    let empty = 0;
    let emptyCol = -1;
    const owner = this.owner;
    for (let c = 0; c < nc; c++) {
      const h = len[c];
      if (h === 0) {
        if (emptyCol < 0) emptyCol = c;
        empty++;
      } else owner[col[(c << shift) + h - 1]] = c;
    }
    const build = this.build;
    const sameSuit = build === 0;
    const limitCard = this.runLimit(free, empty, false);
    const limitEmpty = empty > 0 && this.r.empty !== 2 ? this.runLimit(free, empty, true) : 0;
    const fillAny = this.r.empty === 0;
    const rootedRule = this.pruneRooted && sameSuit;
    const forced = this.forceSafe;
    const homeForced = forced && this.r.safe === 0;
    const cellMove = free > 0 ? nc + freeCell : -1;
    for (let c = 0; c < nc; c++) {
      const h = len[c];
      if (h === 0) continue;
      const base = c << shift;
      if (!homeForced) {
        const top = col[base + h - 1];
        const p = this.foundationFor(top);
        if (p >= 0 && !(forced && this.isSafe(top))) md[n++] = c | ((FOUNDATION + p) << SHIFT_DST) | (1 << SHIFT_COUNT);
      }
      // The run is measured only when something reads it: single cards only and no move to an
      // empty column (cells full, most positions of FreeCell's searches) need just the top card.
      let run = 1;
      if (limitCard > 1 || limitEmpty > 0 || rootedRule) {
        if (sameSuit) while (run < h && col[base + h - run - 1] === col[base + h - run] + 4) run++;
        else while (run < h && this.canBuild(col[base + h - run], col[base + h - run - 1])) run++;
      }
      if (rootedRule && run === h && h > 1 && col[base] >> 2 === 12) continue;
      const kmax = run < limitCard ? run : limitCard;
      for (let k = 1; k <= kmax; k++) {
        const card = col[base + h - k];
        if (card >= 48) continue;
        if (sameSuit) {
          const d = owner[card + 4];
          if (d >= 0) md[n++] = c | (d << SHIFT_DST) | (k << SHIFT_COUNT);
        } else n = this.ontoParents(card, c, k, md, n);
      }
      if (limitEmpty > 0) {
        const longest = run < limitEmpty ? run : limitEmpty;
        for (let k = 1; k <= longest && k < h; k++) {
          if (!fillAny && col[base + h - k] >> 2 !== 12) continue;
          md[n++] = c | (emptyCol << SHIFT_DST) | (k << SHIFT_COUNT);
        }
      }
      if (cellMove >= 0) md[n++] = c | (cellMove << SHIFT_DST) | (1 << SHIFT_COUNT);
    }
    for (let i = 0; i < ncell; i++) {
      const card = cell[i];
      if (card < 0) continue;
      if (!homeForced) {
        const p = this.foundationFor(card);
        if (p >= 0 && !(forced && this.isSafe(card))) md[n++] = (nc + i) | ((FOUNDATION + p) << SHIFT_DST) | (1 << SHIFT_COUNT);
      }
      if (card < 48) {
        if (sameSuit) {
          const d = owner[card + 4];
          if (d >= 0) md[n++] = (nc + i) | (d << SHIFT_DST) | (1 << SHIFT_COUNT);
        } else n = this.ontoParents(card, nc + i, 1, md, n);
      }
      if (limitEmpty > 0 && (fillAny || card >> 2 === 12)) md[n++] = (nc + i) | (emptyCol << SHIFT_DST) | (1 << SHIFT_COUNT);
    }
    moves.length = n;
    for (let c = 0; c < nc; c++) {
      const h = len[c];
      if (h > 0) owner[col[(c << shift) + h - 1]] = -1;
    }
    return n - start;
  }

  /**
   * {@link generateFast} for same-suit games where every move home is forced (Baker's Game and
   * its family): the same moves in the same order, with less work. A run can go onto a parent
   * only from its base card (each card above the base lies on its own parent already), and the
   * top cards are marked with this call's stamp, so nothing needs clearing afterwards.
   */
  private generateSameSuit(): number {
    const nc = this.nc;
    const ncell = this.ncell;
    const col = this.col;
    const len = this.len;
    const cell = this.cell;
    const shift = this.shift;
    const moves = this.moves;
    moves.ensure(this.room);
    const md = moves.data;
    const start = moves.length;
    let n = start;
    let free = 0;
    let freeCell = -1;
    for (let i = 0; i < ncell; i++) {
      if (cell[i] < 0) {
        if (freeCell < 0) freeCell = i;
        free++;
      }
    }
    let stamp = this.topStamp + 1;
    if (stamp === 0x40000000) {
      this.topStamps.fill(0);
      stamp = 1;
    }
    this.topStamp = stamp;
    const stamps = this.topStamps;
    const owners = this.topOwners;
    let empty = 0;
    let emptyCol = -1;
    for (let c = 0; c < nc; c++) {
      const h = len[c];
      if (h === 0) {
        if (emptyCol < 0) emptyCol = c;
        empty++;
      } else {
        const top = col[(c << shift) + h - 1];
        stamps[top] = stamp;
        owners[top] = c;
      }
    }
    const limitCard = this.runLimit(free, empty, false);
    const limitEmpty = empty > 0 && this.r.empty !== 2 ? this.runLimit(free, empty, true) : 0;
    const fillAny = this.r.empty === 0;
    const rootedRule = this.pruneRooted;
    const buildRooted = rootedRule && this.buildOnRooted;
    const cellMove = free > 0 ? nc + freeCell : -1;
    // Columns that are one run from a King (of two cards or more), as bits, when the runs are
    // measured (not in the short cut: checking there cost more than the positions it saved).
    let rooted = 0;
    // Cells full, no move to an empty column, single cards only (most positions of a proof): a
    // column's one move is its top card onto its parent at the top of another column. A card on
    // its parent has it underneath, so the runs need not be measured; a rooted column has no move.
    if (cellMove < 0 && limitEmpty === 0 && limitCard === 1) {
      for (let c = 0; c < nc; c++) {
        const h = len[c];
        if (h === 0) continue;
        const top = col[(c << shift) + h - 1];
        if (top < 48 && stamps[top + 4] === stamp) md[n++] = c | (owners[top + 4] << SHIFT_DST) | (1 << SHIFT_COUNT);
      }
    } else for (let c = 0; c < nc; c++) {
      const h = len[c];
      if (h === 0) continue;
      const base = c << shift;
      let run = 1;
      while (run < h && col[base + h - run - 1] === col[base + h - run] + 4) run++;
      if (rootedRule && run === h && h > 1 && col[base] >> 2 === 12) {
        rooted |= 1 << c;
        continue;
      }
      if (run <= limitCard) {
        const parent = col[base + h - run] + 4;
        if (parent < 52 && stamps[parent] === stamp) md[n++] = c | (owners[parent] << SHIFT_DST) | (run << SHIFT_COUNT);
      }
      if (limitEmpty > 0) {
        const longest = run < limitEmpty ? run : limitEmpty;
        for (let k = 1; k <= longest && k < h; k++) {
          if (!fillAny && col[base + h - k] >> 2 !== 12) continue;
          md[n++] = c | (emptyCol << SHIFT_DST) | (k << SHIFT_COUNT);
        }
      }
      if (cellMove >= 0) md[n++] = c | (cellMove << SHIFT_DST) | (1 << SHIFT_COUNT);
    }
    for (let i = 0; i < ncell; i++) {
      const card = cell[i];
      if (card < 0) continue;
      if (card < 48 && stamps[card + 4] === stamp) md[n++] = (nc + i) | (owners[card + 4] << SHIFT_DST) | (1 << SHIFT_COUNT);
      if (limitEmpty > 0 && (fillAny || card >> 2 === 12)) md[n++] = (nc + i) | (emptyCol << SHIFT_DST) | (1 << SHIFT_COUNT);
    }
    if (buildRooted && rooted !== 0) {
      for (let k = start; k < n; k++) {
        const m = md[k];
        if (m >> SHIFT_COUNT === 1 && ((rooted >> ((m >> SHIFT_DST) & 31)) & 1) !== 0) {
          md[start] = m;
          n = start + 1;
          break;
        }
      }
    }
    moves.length = n;
    return n - start;
  }
  /** {@link generateSameSuit}'s marks: a card is a top card when its stamp is the current call's, in column {@link topOwners}. */
  private readonly topStamps = new Int32Array(52);
  private readonly topOwners = new Int8Array(52);
  private topStamp = 0;

  /** Writes from `n` on the moves of `count` cards from pile `src` (bottom card `card`) onto each top card it may go on, suits in order; returns the new end. */
  private ontoParents(card: number, src: number, count: number, md: Int32Array, n: number): number {
    const up = card + 4 - (card & 3);
    const alternate = this.build === 1;
    const red = isRedSuit(card & 3);
    for (let s = 0; s < 4; s++) {
      if (alternate && isRedSuit(s) === red) continue;
      const d = this.owner[up + s];
      if (d >= 0) md[n++] = src | (d << SHIFT_DST) | (count << SHIFT_COUNT);
    }
    return n;
  }

  /** Most moves one call of a generator can append (each pile's moves onto parents, to a cell, to an empty column, home). */
  private readonly room: number;

  /** The column whose top card each card is, during {@link generate} (-1 otherwise). */
  private readonly owner = new Int8Array(52).fill(-1);

  private pileTakes(p: number, card: number): boolean {
    const top = this.ftop[p];
    if (top < 0) return card >> 2 === 0;
    return card >> 2 === (top >> 2) + 1 && isRedSuit(top & 3) !== isRedSuit(card & 3);
  }

  /** Spanish: an earlier pile that takes the card and looks the same (same height and colour) gives the same position. */
  private samePileAsEarlier(p: number, card: number): boolean {
    for (let q = 0; q < p; q++) {
      if (this.pileTakes(q, card) && this.fcount[q] === this.fcount[p]) {
        const a = this.ftop[q];
        const b = this.ftop[p];
        if (a < 0 && b < 0) return true;
        if (a >= 0 && b >= 0 && isRedSuit(a & 3) === isRedSuit(b & 3)) return true;
      }
    }
    return false;
  }

  private lowestPile(): number {
    let low = 13;
    for (let p = 0; p < 4; p++) if (this.fcount[p] < low) low = this.fcount[p];
    return low;
  }

  // ---- snapshots, for best-first search ----------------------------------------------------

  /** Words of one snapshot (the whole board, see {@link state32}). */
  get snapshotWords(): number {
    return this.state32.length;
  }

  /** Writes the board into `buf` from word `at` on (see {@link snapshotWords}). */
  save(buf: Uint32Array, at: number): void {
    buf.set(this.state32, at);
  }

  /** Reads a board written by {@link save}. */
  load(buf: Uint32Array, at: number): void {
    const state = this.state32;
    // Word by word: `state.set(buf.subarray(…))` made a view object for every board read back,
    // half of all the solver allocated (and the young-generation collections that go with it).
    for (let w = 0; w < state.length; w++) state[w] = buf[at + w];
    this.termsValid = 0;
    const fcount = this.fcount;
    this.home = fcount[0] + fcount[1] + fcount[2] + fcount[3];
  }

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
  private estimateWeights: readonly number[];
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
  private termsValid = 0;
  /**
   * With a column's sum, its sums for each shorter height j (at `c * (stride + 1) + j`), packed
   * in one number (see {@link PREFIX}): the blockers and the cards not on their parent among its
   * first j cards, how many of them are needed home next and the sum of their depths; and the
   * lowest rank per suit in the whole column (four bits a suit). {@link estimateAfter} reads a
   * child's sums from these.
   */
  private readonly prefixSums: Int32Array;
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

  /** Resets the trail (the board stays as it is). */
  clearTrail(): void {
    this.trail.length = 0;
  }

  /** Takes back the trail down to `mark`. */
  undoTo(mark: number): void {
    const trail = this.trail;
    while (trail.length > mark) this.undo(trail.data[--trail.length]);
  }

  /**
   * Whether move `m` takes back move `v`, the move that made this board with no forced move
   * after it: then `m` leads back to the board before `v` (its cells or columns maybe in another
   * order), a position already seen, and need not be tried.
   */
  undoes(m: number, v: number): boolean {
    if ((m & 31) !== ((v >> SHIFT_DST) & 31) || m >> SHIFT_COUNT !== v >> SHIFT_COUNT) return false;
    const back = (m >> SHIFT_DST) & 31;
    const from = v & 31;
    if (from >= this.nc) return back >= this.nc && back < FOUNDATION;
    return this.len[from] === 0 ? back < this.nc && this.len[back] === 0 : back === from;
  }

  /**
   * Writes into `out` the key the board would have after move `m`, and returns true, when `m`
   * does not go home and no forced move would follow it; else returns false (the move must be
   * played to know). A position already seen is then found without playing and taking back.
   */
  childKey(m: number, out: Uint32Array): boolean {
    const src = m & 31;
    const dst = (m >> SHIFT_DST) & 31;
    if (dst >= FOUNDATION) return false;
    const nc = this.nc;
    let card: number;
    if (src < nc) {
      const base = src << this.shift;
      const n = this.len[src] - (m >> SHIFT_COUNT);
      card = this.col[base + n];
      if (n > 0 && this.forceSafe && this.goesHomeAtOnce(this.col[base + n - 1])) return false;
    } else card = this.cell[src - nc];
    const key = this.key;
    for (let w = 0; w < key.length; w++) out[w] = key[w];
    this.writeCode(out, card, dst < nc ? this.columnCode(card, dst, this.len[dst]) : this.CELL);
    return true;
  }

  /** Applies a move and the forced moves after it, on the trail. */
  play(m: number): void {
    this.applyTracked(m);
    this.autoplayAfter(m);
  }

  // ---- search ------------------------------------------------------------------------------

  /** Bytes held by the search's arrays now. */
  bytes(): number {
    return (
      this.seen.bytes +
      this.trail.data.byteLength +
      this.moves.data.byteLength +
      this.scores.data.byteLength +
      this.frames.data.byteLength
    );
  }

  /**
   * Depth-first search for a won board. On 'solved' the trail holds the moves from the root
   * (forced ones included); 'exhausted' means every reachable position was visited.
   */
  run(limits: SearchLimits): SearchOutcome {
    const started = performance.now();
    const frames = this.frames;
    const moves = this.moves;
    const trail = this.trail;
    this.autoplay();
    if (this.home === 52) return 'solved';
    this.seen.shouldStop = limits.shouldStop;
    this.seen.add(this.key);
    this.nodes = 1;
    const probe = new Uint32Array(this.width);
    // A frame: [first move index, next move index, trail length at entry, the move that made
    // the board when no forced move followed it (else -1)].
    let count = this.generate();
    frames.push(moves.length - count);
    frames.push(moves.length - count);
    frames.push(trail.length);
    frames.push(-1);
    // The first check after 64 positions, later ones every 2048: the searches that go on long
    // enough make the check soon, so V8 has seen the call before it optimizes this loop.
    let check = 2048 - 64;
    // Left by `break`: code for a return from here, unlike the loop's exit, would be new to V8
    // at the first win found in optimized code, and it would throw that code away.
    let solved = false;
    while (frames.length > 0) {
      const f = frames.length - 4;
      const next = frames.data[f + 1];
      if (next < moves.length) {
        frames.data[f + 1] = next + 1;
        const m = moves.data[next];
        const made = frames.data[f + 3];
        if (made >= 0 && this.undoes(m, made)) continue;
        const mark = trail.length;
        let fresh: boolean;
        if (this.childKey(m, probe)) {
          if (!this.seen.add(probe)) continue;
          this.applyTracked(m);
          fresh = true;
        } else {
          this.applyTracked(m);
          this.autoplayAfter(m);
          if (this.home === 52) {
            solved = true;
            break;
          }
          fresh = this.seen.add(this.key);
        }
        if (fresh) {
          this.nodes++;
          count = this.deadlocked() ? 0 : this.generate();
          frames.push(moves.length - count);
          frames.push(moves.length - count);
          frames.push(mark);
          frames.push(trail.length === mark + 1 ? m : -1);
          if (++check >= 2048) {
            check = 0;
            if (this.overLimits(limits, started)) return 'stopped';
          }
        } else {
          while (trail.length > mark) this.undoTracked(trail.data[--trail.length]);
        }
      } else {
        // Done with this frame: take back the move that led here.
        const mark = frames.data[f + 2];
        moves.length = frames.data[f];
        frames.length = f;
        while (trail.length > mark) this.undoTracked(trail.data[--trail.length]);
      }
    }
    this.peak();
    return solved ? 'solved' : 'exhausted';
  }

  /**
   * Every few thousand positions of {@link run}: whether a budget ran out or the caller wants
   * the search stopped, and progress. A method of its own: the callbacks differ from search to
   * search, and a call to another one would throw away the optimized code of the whole loop.
   */
  private overLimits(limits: SearchLimits, started: number): boolean {
    const millis = performance.now() - started;
    this.peak();
    if (this.nodes >= limits.maxNodes || millis >= limits.maxMillis || this.peakBytes >= limits.maxBytes) return true;
    if (this.seen.wouldGrow(2048) && this.seen.nextBytes + this.bytes() > limits.maxBytes) return true;
    if (limits.shouldStop?.()) return true;
    limits.onProgress?.(this.nodes, millis);
    return false;
  }

  private undoTracked(m: number): void {
    this.undo(m);
  }

  private peak(): void {
    const now = this.bytes();
    const before = this.peakBytes;
    // Stored every time: a store only when the figure grows is new to V8 when a later search's
    // first one comes from optimized code, which it then throws away.
    this.peakBytes = now > before ? now : before;
  }
}
