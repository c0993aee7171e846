/**
 * The second phase: once a position is known to be winnable, a weighted A* search (cost: moves
 * other than to the foundations, counted as single-card moves; estimate: a lower bound on those
 * still needed) looks for a shorter solution within a node budget.
 */
import { getVariant, type Move, type Position } from '../engine';
import { FOUNDATION, KeySet, Searcher, moveCount, moveDst, rulesOf } from './search';
import { boardOf, engineMoves } from './solve';

/** How many more positions best-first may store, after a depth-first win, for a shorter solution. */
const RESUME_NODES = 50_000;

export interface ShortenOptions {
  /** Most positions to store. */
  readonly maxNodes: number;
  /** Weight of the estimate (default 5). */
  readonly weight?: number;
  readonly shouldStop?: () => boolean;
}

/**
 * A bucket queue of node ids by a small non-negative integer priority: one list per priority,
 * linked through the node ids (each node is pushed once), oldest or (`newestFirst`) newest
 * first. Push and pop are O(1) (pop scans up from the lowest bucket that may be full). Newest
 * first, the next node is often a child of the node just expanded, whose board is still on the
 * searcher (the same-suit games' first phase is faster so; FreeCell's needs more positions).
 */
class BucketQueue {
  private head = new Int32Array(0);
  private tail = new Int32Array(0);
  private next = new Int32Array(0);
  constructor(private readonly newestFirst: boolean) {
    // Second stores: the arrays are replaced when the queue grows, and V8 should know that
    // before it optimizes code that reads them (see IntStack in search.ts).
    this.head = new Int32Array(512).fill(-1);
    this.tail = new Int32Array(512).fill(-1);
    this.next = new Int32Array(1024);
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
  /** The nodes in the queue, best first. */
  open(): number[] {
    const out: number[] = [];
    for (let key = this.low; key < this.head.length && out.length < this.size; key++) {
      for (let id = this.head[key]; id >= 0; id = this.next[id]) out.push(id);
    }
    return out;
  }
}

/** Entries of an array that starts with `initial` and doubles, once it holds `used`. */
function capacity(used: number, initial: number): number {
  let size = initial;
  while (size < used) size *= 2;
  return size;
}

/** Largest node arrays kept from one search for the next. */
const SPARE_BYTES = 32 << 20;
interface NodeArrays {
  snaps: Uint32Array<ArrayBuffer>;
  parent: Int32Array<ArrayBuffer>;
  via: Int32Array<ArrayBuffer>;
  gOf: Int32Array<ArrayBuffer>;
  snapOf: Int32Array<ArrayBuffer>;
  /** The node's column sum of the estimate (see Searcher.columnSum), for the quick scoring of its children. */
  sumOf: Int32Array<ArrayBuffer>;
  /** All -1 between searches. */
  pathIndex: Int32Array<ArrayBuffer>;
}
const freshArrays = (): NodeArrays => ({
  snaps: new Uint32Array(0),
  parent: new Int32Array(1024),
  via: new Int32Array(1024),
  gOf: new Int32Array(1024),
  snapOf: new Int32Array(1024),
  sumOf: new Int32Array(1024),
  pathIndex: new Int32Array(1024).fill(-1),
});
let spare: NodeArrays | undefined;

function growInt32(a: Int32Array<ArrayBuffer>, size: number, fill = 0): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  if (fill !== 0) b.fill(fill, a.length);
  b.set(a);
  return b;
}

function growUint32(a: Uint32Array<ArrayBuffer>, size: number): Uint32Array<ArrayBuffer> {
  const b = new Uint32Array(size);
  b.set(a);
  return b;
}

/** In a node's `via`: the move (bits below), and whether no forced move followed it. */
const MOVE = 0xfffff;
const CLEAN = 1 << 20;

/** Single-card moves that a run move of `count` cards costs when done through the cells. */
function cost(m: number, columns: number): number {
  const dst = moveDst(m);
  if (dst >= FOUNDATION) return 0;
  if (dst >= columns) return 1;
  return 2 * moveCount(m) - 1;
}

export interface BestFirstResult {
  /** `solved`: `moves` win; `exhausted`: every reachable position was seen (with no bound: a proof); `stopped`: budget or cancel. */
  readonly outcome: 'solved' | 'exhausted' | 'stopped';
  readonly moves?: Move[];
  readonly nodes: number;
  readonly peakBytes: number;
  /** Whether the solution came from the depth-first part (long: worth shortening). */
  readonly deep?: boolean;
}

/**
 * Weighted A* from `position`: cost = single-card moves other than home, estimate = a lower
 * bound on those still needed (or, `greedy`, {@link Searcher.estimate}), priority g + weight·h.
 * With `bound`, lines costing `bound` or more are dropped (so `exhausted` proves nothing then);
 * without it the search is complete: `exhausted` means every reachable position was seen.
 *
 * A node is stored as its parent, the move from it and its cost; the board of a node is saved
 * only once it is expanded (its children are rebuilt from it: parent's board plus one move).
 */
export function bestFirst(
  position: Position,
  options: {
    readonly maxNodes: number;
    readonly weight: number;
    readonly bound?: number;
    readonly shouldStop?: () => boolean;
    /** Use {@link Searcher.estimate} (quick, not admissible) instead of the lower bound. */
    readonly greedy?: boolean;
    /** Weights of {@link Searcher.estimate} (default: the searcher's own). */
    readonly estimateWeights?: readonly number[];
    /** Bytes the search may hold. */
    readonly maxBytes?: number;
    /** After this many nodes, go on depth-first from the open nodes (cheaper per position; solutions longer). */
    readonly depthFirstAfter?: number;
    /** Whether that depth-first search orders its moves (default true; proofs go faster without). */
    readonly depthFirstOrdered?: boolean;
    /** Among nodes of equal priority, expand the newest first (default: the oldest). */
    readonly newestFirst?: boolean;
    /** See {@link Searcher.pruneRooted} (default true). */
    readonly pruneRooted?: boolean;
    /** See {@link Searcher.pruneDeadlocks} (default true). */
    readonly pruneDeadlocks?: boolean;
    /** Called every thousand or so expansions with the nodes stored so far. */
    readonly onProgress?: (nodes: number) => void;
  },
): BestFirstResult {
  const variant = getVariant(position.variant);
  const rules = rulesOf(variant);
  const searcher = new Searcher(rules, boardOf(position));
  searcher.initPiles(boardOf(position));
  searcher.ordered = false;
  if (options.estimateWeights) searcher.useEstimateWeights(options.estimateWeights);
  if (options.pruneRooted === false) searcher.pruneRooted = false;
  if (options.pruneDeadlocks === false) searcher.pruneDeadlocks = false;
  const columns = rules.columns;
  const { weight } = options;
  let maxNodes = options.maxNodes;
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const budget = options.bound ?? Number.MAX_SAFE_INTEGER;
  const bounded = options.bound !== undefined;
  const greedy = options.greedy === true;
  const stride = searcher.snapshotWords;
  // The node arrays of the last search, when small, are used again (no allocation and zeroing
  // for each of a thousand deals): every entry is written before it is read. They are taken,
  // not shared, so a search that throws leaves nothing half-written for the next one.
  const reused = spare ?? freshArrays();
  spare = undefined;
  let snaps = reused.snaps.length >= stride * 256 ? reused.snaps : new Uint32Array(stride * 256);
  let snapCount = 0;
  let parent = reused.parent;
  let via = reused.via;
  let gOf = reused.gOf;
  /** Where the node's board is saved (index into `snaps`), or -1. */
  let snapOf = reused.snapOf;
  let sumOf = reused.sumOf;
  /**
   * The board on the searcher is that of the last node of `onPath`: the first one's board was
   * loaded, each next one is a child played on the trail from its parent (its trail length at
   * `pathMark`). `pathIndex` gives a node's place in `onPath`, or -1.
   */
  let pathIndex = reused.pathIndex;
  let onPath = new Int32Array(256);
  let pathMark = new Int32Array(256);
  let pathLength = 0;
  let count = 0;
  const seen = new KeySet(searcher.width, 14);
  const heap = new BucketQueue(options.newestFirst === true);
  const scratch = new Int32Array(512);
  const probe = new Uint32Array(searcher.width);

  const store = (from: number, m: number, g: number): number => {
    if (count === parent.length) {
      parent = growInt32(parent, count * 2);
      via = growInt32(via, count * 2);
      gOf = growInt32(gOf, count * 2);
      snapOf = growInt32(snapOf, count * 2);
      sumOf = growInt32(sumOf, count * 2);
      pathIndex = growInt32(pathIndex, count * 2, -1);
    }
    parent[count] = from;
    via[count] = m;
    gOf[count] = g;
    snapOf[count] = -1;
    return count++;
  };
  const saveBoard = (node: number): void => {
    if ((snapCount + 1) * stride > snaps.length) snaps = growUint32(snaps, snaps.length * 2);
    searcher.save(snaps, snapCount * stride);
    snapOf[node] = snapCount++;
  };
  const keepSpare = (): void => {
    truncatePath(0);
    if (snaps.byteLength + parent.byteLength * 6 > SPARE_BYTES) return;
    spare = { snaps, parent, via, gOf, snapOf, sumOf, pathIndex };
  };
  // As a fresh search would hold them (the arrays used again may be larger): the figure does
  // not depend on the deals solved before.
  const bytes = (): number => capacity(snapCount, 256) * stride * 4 + capacity(count, 1024) * 4 * 6 + seen.bytes + heap.bytes;

  searcher.autoplay();
  if (searcher.home === 52) return { outcome: 'solved', moves: engineMoves(position, Array.from(searcher.trail.data.subarray(0, searcher.trail.length)), variant.cells), nodes: 1, peakBytes: 0 };
  searcher.clearTrail();
  let goal = -1;
  seen.add(searcher.key);
  // A child reached without forced moves is scored from its parent's board (see estimateAfter),
  // except where a dead end must be looked for on the child's own board.
  const quick = greedy && !rules.spanish && !searcher.detectsDeadlocks;
  const root = store(-1, 0, 0);
  saveBoard(root);
  heap.push(root, weight * (greedy ? searcher.estimate() : searcher.lowerBound()));
  if (quick) sumOf[root] = searcher.columnSum();
  let checks = 0;
  let stopped = false;
  const truncatePath = (length: number): void => {
    while (pathLength > length) pathIndex[onPath[--pathLength]] = -1;
  };
  const pushPath = (node: number): void => {
    if (pathLength === onPath.length) {
      onPath = growInt32(onPath, pathLength * 2);
      pathMark = growInt32(pathMark, pathLength * 2);
    }
    pathIndex[node] = pathLength;
    pathMark[pathLength] = searcher.trail.length;
    onPath[pathLength++] = node;
  };
  pushPath(root);
  let deepAfter = options.depthFirstAfter ?? Number.POSITIVE_INFINITY;
  let deepen = false;
  const expand = (): void => {
  while (heap.size > 0 && goal < 0) {
      if (count >= maxNodes) {
        stopped = true;
        break;
      }
      if (count >= deepAfter) {
        deepen = true;
        break;
      }
      if (checks++ % 1024 === 0) {
        if (options.shouldStop?.() || bytes() > maxBytes) {
          stopped = true;
          break;
        }
        options.onProgress?.(count);
      }
      const node = heap.pop();
      const g = gOf[node];
      const own = snapOf[node];
      // Put the node's board on the searcher: back along the path to the node or its parent
      // when it is there (no copy), else from a saved board.
      const from = own >= 0 ? node : parent[node];
      const at = pathIndex[from];
      if (at >= 0) {
        searcher.undoTo(pathMark[at]);
        truncatePath(at + 1);
      } else {
        truncatePath(0);
        searcher.load(snaps, snapOf[from] * stride);
        searcher.clearTrail();
        pushPath(from);
      }
      if (from !== node) {
        searcher.play(via[node] & MOVE);
        pushPath(node);
      }
      // The move that made this board, when no forced move followed it: its reverse leads back to the parent.
      const made = (via[node] & CLEAN) !== 0 ? via[node] & MOVE : -1;
      const base = searcher.trail.length;
      const n = searcher.generate();
      const moves = searcher.moves;
      for (let i = 0; i < n; i++) scratch[i] = moves.data[moves.length - n + i];
      moves.length -= n;
      let saved = own >= 0;
      for (let i = 0; i < n; i++) {
        const m = scratch[i];
        const g2 = g + cost(m, columns);
        if (g2 >= budget || (made >= 0 && searcher.undoes(m, made))) continue;
        let fresh: boolean;
        if (searcher.childKey(m, probe)) {
          // No forced move follows: a position already seen is found without playing.
          if (!seen.add(probe)) continue;
          if (quick) {
            // And a new one is scored without playing.
            if (!saved) {
              saveBoard(node);
              saved = true;
            }
            const h = searcher.estimateAfter(m, sumOf[node]);
            const child = store(node, m | CLEAN, g2);
            sumOf[child] = searcher.childSum;
            heap.push(child, g2 + weight * h);
            continue;
          }
          searcher.play(m);
          fresh = true;
        } else {
          searcher.play(m);
          if (searcher.home === 52) {
            goal = store(node, m, g2);
            break;
          }
          fresh = seen.add(searcher.key);
        }
        if (fresh && !searcher.deadlocked()) {
          const h = greedy ? searcher.estimate() : searcher.lowerBound();
          if (!bounded || g2 + h < budget) {
            if (!saved) {
              // The children are rebuilt from this board: save it (before the child's move).
              searcher.undoTo(base);
              saveBoard(node);
              saved = true;
              searcher.play(m);
            }
            const child = store(node, searcher.trail.length === base + 1 ? m | CLEAN : m, g2);
            if (quick) sumOf[child] = searcher.columnSum();
            heap.push(child, g2 + weight * h);
          }
        }
        searcher.undoTo(base);
      }
    }
  };
  expand();

  let extra = 0;
  let tail: number[] = [];
  if (goal < 0 && deepen) {
    // Depth-first from every open node, with the set of positions seen so far: every position
    // reachable from the root is seen or reachable from an open node through unseen positions,
    // so when the last open node is done, the search was complete. It works on a copy of the
    // set: when it finds a solution, the best-first search resumes where it stopped and looks
    // for a shorter one.
    const progress = options.onProgress;
    searcher.seen.release();
    searcher.seen = seen.clone();
    searcher.ordered = options.depthFirstOrdered !== false;
    const others = bytes() - seen.bytes;
    let deepGoal = -1;
    for (const node of heap.open()) {
      const own = snapOf[node];
      if (own >= 0) searcher.load(snaps, own * stride);
      else {
        searcher.load(snaps, snapOf[parent[node]] * stride);
        searcher.play(via[node] & MOVE);
      }
      searcher.clearTrail();
      const outcome = searcher.run({
        maxNodes: maxNodes - count - extra, maxMillis: Number.POSITIVE_INFINITY, maxBytes: maxBytes - others,
        shouldStop: options.shouldStop,
        onProgress: progress ? (n) => progress(count + extra + n) : undefined,
      });
      extra += searcher.nodes - 1;
      if (outcome === 'solved') {
        deepGoal = node;
        tail = Array.from(searcher.trail.data.subarray(0, searcher.trail.length));
        break;
      }
      if (outcome === 'stopped' || count + extra >= maxNodes) {
        stopped = true;
        break;
      }
    }
    if (deepGoal >= 0) {
      // Winnable: the best-first search goes on for a short solution, within the budget left.
      searcher.seen.release();
      searcher.seen = seen;
      searcher.ordered = false;
      deepAfter = Number.POSITIVE_INFINITY;
      truncatePath(0);
      const limit = maxNodes - extra;
      maxNodes = count + Math.min(limit - count, RESUME_NODES);
      expand();
      if (goal >= 0) tail = [];
      else goal = deepGoal;
      stopped = false;
    }
  }
  const peakBytes = bytes() + searcher.peakBytes;
  const nodes = count + extra;
  keepSpare();
  seen.release();
  searcher.seen.release();
  if (goal < 0) return { outcome: stopped ? 'stopped' : 'exhausted', nodes, peakBytes };

  // Replay the path from the root to collect the forced moves along it.
  const path: number[] = [];
  for (let node = goal; node > 0; node = parent[node]) path.push(via[node] & MOVE);
  path.reverse();
  const replay = new Searcher(rules, boardOf(position));
  replay.initPiles(boardOf(position));
  replay.autoplay();
  for (const m of path) replay.play(m);
  const internal = Array.from(replay.trail.data.subarray(0, replay.trail.length)).concat(tail);
  return { outcome: 'solved', moves: engineMoves(position, internal, variant.cells), nodes, peakBytes, deep: tail.length > 0 };
}

/**
 * Searches for a solution of `position` shorter than `moves` (single-card engine moves);
 * returns the shorter one found, or `moves` itself.
 */
export function shorten(position: Position, moves: readonly Move[], options: ShortenOptions): { moves: readonly Move[]; peakBytes: number } {
  const foundationMoves = moves.filter((move) => move.to.kind === 'foundation').length;
  const found = bestFirst(position, {
    maxNodes: options.maxNodes,
    weight: options.weight ?? 5,
    bound: moves.length - foundationMoves,
    shouldStop: options.shouldStop,
  });
  const shorter = found.moves;
  return { moves: shorter && shorter.length < moves.length ? shorter : moves, peakBytes: found.peakBytes };
}

