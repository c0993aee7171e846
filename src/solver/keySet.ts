/**
 * The set of positions a search has seen: an open-addressing hash set of fixed-width keys, with
 * a pool of tables that outlives the sets, and a rehash that a cancel can interrupt.
 */

const NO_WORDS = new Uint32Array(0);
const NO_TAGS = new Uint8Array(0);

/**
 * A used slot's tag: 7 bits of the key's hash, from bits the slot number does not use (below
 * 2^25 slots), with the top bit set so that no tag is 0.
 */
function tagOf(hash: number): number {
  return (hash >>> 25) | 0x80;
}

/**
 * An open-addressing hash set of fixed-width keys (Uint32 words) in one typed array, with a byte
 * a slot beside it: 0 for an empty slot, else a tag of 7 bits of the key's hash. A slot's words
 * are read only where its tag is set, so a table used again has only its tags zeroed.
 *
 * Why the tags: an add spent most of its time reading the first slot it probed, a cache miss in
 * a table of hundreds of kilobytes or more. The tags take a sixteenth of the room of the keys
 * (4-word keys), so an add of a new key (two adds in five in Baker's Game) probes bytes that are
 * mostly in the cache, and a stored key is read only where its tag matches (for another key,
 * one time in 128). Measured on Baker's Game 1-1000 (CPU samples, same positions searched):
 * the adds went from 14.7% of the time to 9.6%, about 5% of the whole.
 */
export class KeySet {
  private table: Uint32Array;
  /** One byte a slot: 0 empty, else {@link tagOf} of the key there. */
  private tags: Uint8Array;
  private mask: number;
  size = 0;
  /** The tag of the key {@link find} looked for last (an add stores it without hashing again). */
  private lastTag = 0;
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
    this.tags = NO_TAGS;
    this.mask = -1;
    this.table = takeTable((1 << capacityLog2) * width, false);
    this.tags = takeTags(1 << capacityLog2);
    this.mask = (1 << capacityLog2) - 1;
  }
  /** Bytes of a set of `slots` slots of keys `width` words wide (keys and tags). */
  static bytesFor(slots: number, width: number): number {
    return slots * (width * 4 + 1);
  }
  get bytes(): number {
    return KeySet.bytesFor(this.mask + 1, this.width);
  }
  /** Bytes the set would take after its next growth. */
  get nextBytes(): number {
    return this.bytes * 2;
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
  /**
   * Where the key is: its slot when stored, else −1 − the empty slot that ends its probe (where
   * it would go). Leaves the key's tag in {@link lastTag} for an add.
   */
  private find(key: Uint32Array): number {
    const w = this.width;
    const table = this.table;
    const tags = this.tags;
    const hash = KeySet.hash(key, w);
    const tag = tagOf(hash);
    this.lastTag = tag;
    let slot = hash & this.mask;
    for (;;) {
      const there = tags[slot];
      if (there === 0) return -1 - slot;
      if (there === tag) {
        const base = slot * w;
        let same = true;
        for (let i = 0; same && i < w; i++) same = table[base + i] === key[i];
        if (same) return slot;
      }
      slot = (slot + 1) & this.mask;
    }
  }
  /** Adds the key; true when it was not there yet. */
  add(key: Uint32Array): boolean {
    const found = this.find(key);
    if (found >= 0) return false;
    const slot = -1 - found;
    const w = this.width;
    const base = slot * w;
    for (let i = 0; i < w; i++) this.table[base + i] = key[i];
    this.tags[slot] = this.lastTag;
    this.size++;
    if (this.size * 2 > this.mask) this.grow();
    return true;
  }
  has(key: Uint32Array): boolean {
    return this.find(key) >= 0;
  }
  private grow(): void {
    const old = this.table;
    // Three quarters full at most: a search that was asked to stop adds a few thousand keys more.
    const stop = this.size * 4 > this.mask * 3 ? undefined : this.shouldStop;
    if (stop?.()) return;
    const grown = rehash(old, this.tags, this.width, (this.mask + 1) * 2, stop);
    if (!grown) return;
    giveTable(old);
    giveTags(this.tags);
    this.table = grown.table;
    this.tags = grown.tags;
    this.mask = this.mask * 2 + 1;
  }
  /** A copy of the set. */
  clone(): KeySet {
    const copy = new KeySet(this.width, 0);
    copy.table = takeTable(this.table.length, false);
    copy.table.set(this.table);
    copy.tags = takeTags(this.mask + 1, false);
    copy.tags.set(this.tags);
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
    giveTags(this.tags);
    this.table = new Uint32Array(this.width);
    this.tags = new Uint8Array(1);
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
 * proof as much as all its hash lookups' misses; zeroing a used table's tags costs a fraction.
 * The pool stays with the thread (a solver worker keeps up to {@link POOL_BYTES} between
 * requests, not counted in any search's budget).
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

/**
 * Tags for `slots` slots, zero-filled unless `zeroed` is false: the bytes of a table of the pool
 * of a quarter as many words (at least one word).
 */
function takeTags(slots: number, zeroed = true): Uint8Array {
  const words = takeTable(Math.max(1, slots >> 2), zeroed);
  return new Uint8Array(words.buffer, words.byteOffset, slots);
}

/** Gives back the words under tags made by {@link takeTags}. */
function giveTags(tags: Uint8Array): void {
  if (tags.byteLength >= 4) giveTable(new Uint32Array(tags.buffer, tags.byteOffset, tags.byteLength >> 2));
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
 * The keys of `old` (a {@link KeySet} table of keys `width` words wide, with its tags) in a new
 * table of `slots` slots; undefined when `shouldStop` returned true on the way (the new table
 * given back).
 */
function rehash(old: Uint32Array, oldTags: Uint8Array, width: number, slots: number, shouldStop?: () => boolean): { table: Uint32Array; tags: Uint8Array } | undefined {
  const table = takeTable(slots * width, false);
  const tags = takeTags(slots);
  for (let start = 0; start < oldTags.length; start += REHASH_CHECK_SLOTS) {
    if (start > 0 && shouldStop?.()) {
      giveTable(table);
      giveTags(tags);
      return undefined;
    }
    rehashRange(old, oldTags, table, tags, width, slots - 1, start, Math.min(oldTags.length, start + REHASH_CHECK_SLOTS));
  }
  return { table, tags };
}

/**
 * Moves the keys of `old` in slots `start` to `end` − 1 into `table` (`mask`: its slots − 1),
 * each with its tag (which depends on the key's hash only).
 * The hot loop of {@link rehash} in a function of its own: V8 optimizes it while it runs, and
 * the stop callback, another closure for every search, stays outside the code it optimizes
 * (else that code was thrown away at the next search's first growth, and again on a larger
 * table's second chunk).
 */
function rehashRange(old: Uint32Array, oldTags: Uint8Array, table: Uint32Array, tags: Uint8Array, width: number, mask: number, start: number, end: number): void {
  const key = new Uint32Array(width);
  for (let from = start; from < end; from++) {
    const tag = oldTags[from];
    if (tag === 0) continue;
    const base = from * width;
    for (let i = 0; i < width; i++) key[i] = old[base + i];
    let slot = KeySet.hash(key, width) & mask;
    while (tags[slot] !== 0) slot = (slot + 1) & mask;
    tags[slot] = tag;
    const to = slot * width;
    for (let i = 0; i < width; i++) table[to + i] = old[base + i];
  }
}
