/**
 * The set of positions a rank-built search has seen: keys of five 32-bit words in one
 * open-addressing table, filled up to three quarters before it grows (twice the slots). At 20
 * bytes a key that is about 27 bytes a position, and during growth about 67 at worst.
 */
export const RANK_KEY_WORDS = 5;
const W = RANK_KEY_WORDS;
const USED = 0x80000000;
const FORGOTTEN = 0x40000000;

/** Hash of the five words at `key[at…]`, the last one without the set's own two bits. */
function hashOf(key: Uint32Array, at: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < W - 1; i++) {
    h = Math.imul(h ^ key[at + i], 0x9e3779b1);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (key[at + W - 1] & ~(USED | FORGOTTEN)), 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h ^ (h >>> 13), 0x85ebca6b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The largest table a set of this thread gave back (see {@link RankKeySet.release}), for the next
 * set. A new typed array's memory comes from the system untouched, and its first use costs a page
 * fault every 4 KB: measured here (a Firecracker VM, as in CI), 3.6 ms a megabyte, where zeroing a
 * used table costs 0.02 ms a megabyte. Half a million adds took 233-276 ms into a set grown from
 * 1.3 MB to 21 MB, 100-160 ms into a new table of the final size (70 ms of it page faults).
 * So the narrow search, the search of boards and the search by components of one solve, and the
 * solves that follow on the same thread (a worker's hints and badges, a range of deals), start
 * with the table of the last search that was as large.
 */
let spare: Uint32Array | undefined;
/** The largest table kept: 2^21 slots, 40 MB (a worker keeps it between requests). */
export const RANK_SPARE_MAX_BYTES = 40 << 20;

/** Bytes of the table {@link RankKeySet.takeSpare} would take now (0 when none), for tests. */
export function rankSpareBytes(): number {
  return spare?.byteLength ?? 0;
}

/** Keeps `table` for the next set when it is the largest given back so far, up to {@link RANK_SPARE_MAX_BYTES}. */
function keepSpare(table: Uint32Array): void {
  if (table.byteLength <= RANK_SPARE_MAX_BYTES && table.byteLength > (spare?.byteLength ?? 0)) spare = table;
}

/** A hash set of five-word keys whose last word never uses its top two bits. */
export class RankKeySet {
  private table: Uint32Array;
  private mask: number;
  size = 0;
  constructor(capacityLog2 = 16) {
    this.table = new Uint32Array(0);
    this.mask = -1;
    this.table = new Uint32Array((1 << capacityLog2) * W);
    this.mask = (1 << capacityLog2) - 1;
  }

  /**
   * Before the first add: takes the thread's spare table (zeroed) when it is larger than this
   * set's and its growth would stay within `maxBytes` with room to spare (a search with a small
   * budget keeps its small table).
   */
  takeSpare(maxBytes: number): void {
    const table = spare;
    if (this.size !== 0 || table === undefined || table.length <= this.table.length || table.byteLength * 3 > maxBytes / 2) return;
    spare = undefined;
    table.fill(0);
    this.table = table;
    this.mask = table.length / W - 1;
  }

  /**
   * Empties the set and gives its table to the next set of this thread (call it when the search
   * is done with the set; the set stays usable, as a small empty one).
   */
  release(): void {
    keepSpare(this.table);
    this.table = new Uint32Array(16 * W);
    this.mask = 15;
    this.size = 0;
  }
  /** Bytes of the table now. */
  get bytes(): number {
    return this.table.byteLength;
  }
  /** Bytes held at the peak of the next growth (the old table and the new one). */
  get growthBytes(): number {
    return this.table.byteLength * 3;
  }
  /** Whether adding `extra` keys would make the table grow. */
  wouldGrow(extra: number): boolean {
    return (this.size + extra) * 4 > this.mask * 3;
  }
  /**
   * Where the key is: the index of its slot's first word when stored, else −1 − the index of the
   * empty slot that ends its probe (where it would go).
   */
  private find(key: Uint32Array): number {
    const table = this.table;
    const mask = this.mask;
    const last = (key[W - 1] | USED) >>> 0;
    let slot = hashOf(key, 0) & mask;
    for (;;) {
      const base = slot * W;
      const tail = table[base + W - 1];
      if (tail === 0) return -1 - base;
      if (tail === last && table[base] === key[0] && table[base + 1] === key[1] && table[base + 2] === key[2] && table[base + 3] === key[3]) {
        return base;
      }
      slot = (slot + 1) & mask;
    }
  }
  /** Adds the key; true when it was not there yet. */
  add(key: Uint32Array): boolean {
    const found = this.find(key);
    if (found >= 0) return false;
    const base = -1 - found;
    const table = this.table;
    table[base] = key[0];
    table[base + 1] = key[1];
    table[base + 2] = key[2];
    table[base + 3] = key[3];
    table[base + 4] = (key[W - 1] | USED) >>> 0;
    this.size++;
    if (this.size * 4 > this.mask * 3) this.grow();
    return true;
  }
  /** Whether the key is in the set. */
  has(key: Uint32Array): boolean {
    return this.find(key) >= 0;
  }

  /**
   * Takes a key out: its slot keeps a mark that no key matches (bit 30 of the last word, which
   * keys never use), so the keys stored after it are still found.
   */
  forget(key: Uint32Array): void {
    const base = this.find(key);
    if (base >= 0) this.table[base + W - 1] = (this.table[base + W - 1] | FORGOTTEN) >>> 0;
  }
  private grow(): void {
    const old = this.table;
    const slots = (this.mask + 1) * 2;
    const table = new Uint32Array(slots * W);
    const mask = slots - 1;
    for (let base = 0; base < old.length; base += W) {
      const last = old[base + W - 1];
      if (last === 0 || (last & FORGOTTEN) !== 0) continue;
      let slot = hashOf(old, base) & mask;
      while (table[slot * W + W - 1] !== 0) slot = (slot + 1) & mask;
      const to = slot * W;
      for (let i = 0; i < W; i++) table[to + i] = old[base + i];
    }
    keepSpare(old);
    this.table = table;
    this.mask = mask;
  }
}
