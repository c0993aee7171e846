/** The growable stacks of 32-bit integers the search keeps: its trail, moves, scores and frames. */

const NO_INTS = new Int32Array(0);
const NO_INTS_EITHER = new Int32Array(0);
/** Entries of a stack's first array. */
const FIRST_STACK = 1024;

/** A growable Int32 stack. */
export class IntStack {
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
