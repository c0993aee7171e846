/** Best-first search's open list (bestFirst.ts). */

/**
 * A bucket queue of node ids by a small non-negative integer priority: one list per priority,
 * linked through the node ids (each node is pushed once), oldest or (`newestFirst`) newest
 * first. Push and pop are O(1) (pop scans up from the lowest bucket that may be full). Newest
 * first, the next node is often a child of the node just expanded, whose board is still on the
 * searcher (the same-suit games' first phase is faster so; FreeCell's needs more positions).
 */
export class BucketQueue {
  private head = new Int32Array(0);
  private tail = new Int32Array(0);
  private next = new Int32Array(0);
  /** `firstIds`: room for this many node ids at first (the queue grows by doubling). */
  constructor(private readonly newestFirst: boolean, firstIds: number) {
    // Second stores: the arrays are replaced when the queue grows, and V8 should know that
    // before it optimizes code that reads them (see IntStack in intStack.ts).
    this.head = new Int32Array(512).fill(-1);
    this.tail = new Int32Array(512).fill(-1);
    this.next = new Int32Array(firstIds);
  }
  private low = 0;
  size = 0;
  get bytes(): number {
    return this.head.byteLength + this.next.byteLength;
  }
  push(id: number, key: number): void {
    if (key >= this.head.length) {
      let size = this.head.length * 2;
      while (key >= size) size *= 2;
      const head = new Int32Array(size).fill(-1);
      head.set(this.head);
      this.head = head;
      const tail = new Int32Array(size).fill(-1);
      tail.set(this.tail);
      this.tail = tail;
    }
    if (id >= this.next.length) {
      let size = this.next.length * 2;
      while (id >= size) size *= 2;
      const next = new Int32Array(size);
      next.set(this.next);
      this.next = next;
    }
    if (this.newestFirst || this.head[key] < 0) {
      this.next[id] = this.head[key];
      if (this.head[key] < 0) this.tail[key] = id;
      this.head[key] = id;
    } else {
      this.next[id] = -1;
      this.next[this.tail[key]] = id;
      this.tail[key] = id;
    }
    this.size++;
    if (key < this.low) this.low = key;
  }
  /** Removes and returns the newest node of the best bucket (the queue must not be empty). */
  pop(): number {
    const head = this.head;
    let low = this.low;
    while (head[low] < 0) low++;
    this.low = low;
    const id = head[low];
    head[low] = this.next[id];
    this.size--;
    return id;
  }
  /** Empties the queue and lets go of its arrays (it stays usable, and grows again). */
  release(): void {
    this.head = new Int32Array(1).fill(-1);
    this.tail = new Int32Array(1).fill(-1);
    this.next = new Int32Array(1);
    this.low = 0;
    this.size = 0;
  }

  /** The nodes in the queue, best first. */
  open(): number[] {
    const out: number[] = [];
    for (let key = this.low; key < this.head.length && out.length < this.size; key++) {
      for (let id = this.head[key]; id >= 0; id = this.next[id]) out.push(id);
    }
    return out;
  }
}
