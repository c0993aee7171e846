/**
 * The answers of a search over skeletons (rank/rankSkeleton.ts, cellSkeleton.ts), won or lost,
 * keyed by a whole number below 2^53: an open-addressing table of doubles, nine bytes a slot.
 */

/** Skeletons remembered: a table of keys (a whole number below 2^53, plus one) and their answer. */
export class SkeletonTable {
  private keys = new Float64Array(1 << 12);
  private won = new Uint8Array(1 << 12);
  private mask = (1 << 12) - 1;
  size = 0;

  /** Bytes the table takes. */
  get bytes(): number {
    return this.keys.length * 9;
  }

  private slot(key: number): number {
    const lo = key >>> 0;
    const hi = Math.floor(key / 4294967296);
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    let at = h & this.mask;
    const stored = key + 1;
    while (this.keys[at] !== 0 && this.keys[at] !== stored) at = (at + 1) & this.mask;
    return at;
  }

  /** 1 won, 0 lost, −1 not known. */
  get(key: number): number {
    const at = this.slot(key);
    return this.keys[at] === 0 ? -1 : this.won[at];
  }

  /** Remembers `key`; false when that would take the table past `maxBytes` (nothing stored). */
  set(key: number, won: boolean, maxBytes: number): boolean {
    if (2 * (this.size + 1) > this.keys.length) {
      if (this.keys.length * 2 * 9 > maxBytes) return false;
      this.grow();
    }
    const at = this.slot(key);
    if (this.keys[at] === 0) this.size++;
    this.keys[at] = key + 1;
    this.won[at] = won ? 1 : 0;
    return true;
  }

  private grow(): void {
    const keys = this.keys;
    const won = this.won;
    this.keys = new Float64Array(keys.length * 2);
    this.won = new Uint8Array(keys.length * 2);
    this.mask = keys.length * 2 - 1;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === 0) continue;
      const at = this.slot(keys[i] - 1);
      this.keys[at] = keys[i];
      this.won[at] = won[i];
    }
  }
}

