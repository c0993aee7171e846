/**
 * The first phase of a solve, and the search for shorter solutions: a best-first search over
 * stored nodes (a parent, a move and a cost each; a board saved only once the node is
 * expanded), which can go on depth-first from its open nodes and come back for a shorter
 * solution.
 */
import { getVariant, type Move, type Position } from '../engine';
import { boardOf } from './board';
import { engineMoves } from './expand';
import { BucketQueue } from './bucketQueue';
import { KeySet } from './keySet';
import { FOUNDATION, moveCount, moveDst, rulesOf } from './rules';
import { keepAlive } from './keepAlive';
import { Searcher, switchOffRules, type RuleSwitches } from './searcher';

/**
 * A node count no search reaches, for "never switch to depth-first": a small integer, unlike
 * Infinity, so the field keeps one representation and V8 need not throw away code that read it.
 */
const NEVER = 0x3fffffff;

/**
 * Why {@link BestFirstSearch.expand} returned. Returned, not stored in a field: the first
 * search that stops or switches would have stored it from optimized code that never saw the
 * store before, and V8 throws such code away (to compile the whole loop again).
 */
const enum Pause {
  /** A goal was found or the queue ran dry. */
  Done,
  /** A budget ran out or the caller asked to stop. */
  Stopped,
  /** Time to go on depth-first. */
  Deepen,
}

/** How many more positions best-first may store, after a depth-first win, for a shorter solution. */
const RESUME_NODES = 50_000;

/** Entries of an array that starts with `initial` and doubles, once it holds `used`. */
function capacity(used: number, initial: number): number {
  let size = initial;
  while (size < used) size *= 2;
  return size;
}

/**
 * Expansions between two checks for a stop and a budget: a few milliseconds where a position
 * has many children (Baker's Dozen's 13 columns), so that a cancel is prompt.
 */
const CHECK_EVERY = 256;

/**
 * Entries of the node arrays at first (they grow by doubling and are kept for the next search).
 * Small, so that they grow within the thread's first search: growing code that V8 first runs
 * from optimized code makes it throw that code away and compile the whole loop again.
 */
const FIRST_NODES = 64;
/**
 * Whether no search has run on this thread yet. Its set of positions starts small, for the same
 * reason: its growth (and the rehash) runs in the first search, before V8 optimizes the loops
 * that add to sets, rather than from their optimized code in the first larger search.
 */
let firstOnThread = true;
/** log2 of the slots of a search's set of positions at first; of the thread's first search's. */
const SET_LOG2 = 15;
const FIRST_SET_LOG2 = 8;

/** Largest node arrays kept from one search for the next. */
const SPARE_BYTES = 32 << 20;
/**
 * Saved boards are kept in chunks of 2^CHUNK_LOG2 boards: more boards take one more chunk, and
 * never a copy of all saved so far into a larger array (tens of milliseconds once they take
 * tens of megabytes, mostly the first touch of the new memory, and no check for a cancel meanwhile).
 */
const CHUNK_LOG2 = 10;
const CHUNK_MASK = (1 << CHUNK_LOG2) - 1;

interface NodeArrays {
  snaps: Uint32Array<ArrayBuffer>[];
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
  snaps: [],
  parent: new Int32Array(FIRST_NODES),
  via: new Int32Array(FIRST_NODES),
  gOf: new Int32Array(FIRST_NODES),
  snapOf: new Int32Array(FIRST_NODES),
  sumOf: new Int32Array(FIRST_NODES),
  pathIndex: new Int32Array(FIRST_NODES).fill(-1),
});
let spare: NodeArrays | undefined;

function growInt32(a: Int32Array<ArrayBuffer>, size: number, fill = 0): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  if (fill !== 0) b.fill(fill, a.length);
  b.set(a);
  return b;
}

/** The node arrays of a search that is over (see BestFirstSearch.retire). */
const NO_NODES = new Int32Array(0);

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
  /**
   * Where the depth-first part won and best-first then found `moves`: the depth-first part's
   * solution. After the last pass it is sometimes the shorter of the two (Kings-only deals
   * 10001-11000: 37 of 330, 89.70 single-card moves on average to 89.40).
   */
  readonly depthFirstMoves?: Move[];
}

/** The options of {@link bestFirst}. */
export interface BestFirstOptions {
  /** Most nodes to store (positions, with those of the depth-first part). */
  readonly maxNodes: number;
  /** Weight of the estimate against the cost so far: priority g + weight·h. */
  readonly weight: number;
  /** Lines costing this much or more (cost plus lower bound) are dropped: a search for a solution shorter than one known. */
  readonly bound?: number;
  /** Polled every thousand or so expansions: the search stops when it returns true. */
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
  /** Pruning rules switched off (the cell-build rule acts only in the depth-first part). */
  readonly ruleSwitches?: RuleSwitches;
  /** Called every thousand or so expansions with the nodes stored so far. */
  readonly onProgress?: (nodes: number) => void;
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
export function bestFirst(position: Position, options: BestFirstOptions): BestFirstResult {
  const search = new BestFirstSearch(position, options);
  try {
    return search.run();
  } finally {
    search.retire();
    keepAlive('best-first search', search);
  }
}

/**
 * One {@link bestFirst} search. A class, not a function with closures: its methods are compiled
 * once for all searches, where closures made anew for each search had their optimized code
 * thrown away and compiled again for the next ones.
 */
class BestFirstSearch {
  private readonly variantCells: number;
  private readonly searcher: Searcher;
  /** The forced moves from the position to the root's board (the search starts after them). */
  private rootMoves: number[] = [];
  private readonly columns: number;
  private readonly weight: number;
  private maxNodes: number;
  private readonly maxBytes: number;
  private readonly budget: number;
  private readonly bounded: boolean;
  private readonly greedy: boolean;
  /**
   * A child reached without forced moves is scored from its parent's board (see estimateAfter),
   * except where a dead end must be looked for on the child's own board, or where a bound drops
   * children by their score.
   */
  private readonly quick: boolean;
  private readonly stride: number;
  /** Words of one chunk of {@link snaps}. */
  private readonly chunkWords: number;
  /** Saved boards in chunks ({@link CHUNK_LOG2}): board `i` at word `(i & CHUNK_MASK) * stride` of chunk `i >> CHUNK_LOG2`. */
  private snaps: Uint32Array<ArrayBuffer>[];
  private snapCount = 0;
  private parent: Int32Array<ArrayBuffer>;
  private via: Int32Array<ArrayBuffer>;
  private gOf: Int32Array<ArrayBuffer>;
  /** Which saved board is the node's, or -1. */
  private snapOf: Int32Array<ArrayBuffer>;
  private sumOf: Int32Array<ArrayBuffer>;
  /**
   * The board on the searcher is that of the last node of `onPath`: the first one's board was
   * loaded, each next one is a child played on the trail from its parent (its trail length at
   * `pathMark`). `pathIndex` gives a node's place in `onPath`, or -1.
   */
  private pathIndex: Int32Array<ArrayBuffer>;
  private onPath = new Int32Array(256);
  private pathMark = new Int32Array(256);
  private pathLength = 0;
  private count = 0;
  private readonly seen: KeySet;
  private readonly heap: BucketQueue;
  private readonly scratch = new Int32Array(512);
  private readonly probe: Uint32Array;
  private goal = -1;
  private checks = 0;
  private deepAfter: number;
  /** The searcher's {@link Searcher.buildFromCells} for the depth-first part (best-first's own part has it off). */
  private readonly cellBuildsInDepthFirst: boolean;

  constructor(
    private readonly position: Position,
    private readonly options: BestFirstOptions,
  ) {
    const variant = getVariant(position.variant);
    this.variantCells = variant.cells;
    const rules = rulesOf(variant);
    // The searcher's own set is never used: this search keeps one, and hands the searcher a
    // copy of it to go on depth-first.
    const searcher = (this.searcher = new Searcher(rules, boardOf(position), 0));
    searcher.initPiles(boardOf(position));
    searcher.ordered = false;
    if (options.estimateWeights) searcher.useEstimateWeights(options.estimateWeights);
    if (options.ruleSwitches) switchOffRules(searcher, options.ruleSwitches);
    this.cellBuildsInDepthFirst = searcher.buildFromCells;
    searcher.buildFromCells = false;
    this.columns = rules.columns;
    this.weight = options.weight;
    this.maxNodes = options.maxNodes;
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.budget = options.bound ?? Number.MAX_SAFE_INTEGER;
    this.bounded = options.bound !== undefined;
    this.greedy = options.greedy === true;
    this.quick = this.greedy && !this.bounded && !rules.spanish && !searcher.detectsDeadlocks;
    this.stride = searcher.snapshotWords;
    this.chunkWords = this.stride << CHUNK_LOG2;
    // The node arrays of the last search, when small, are used again (no allocation and zeroing
    // for each of a thousand deals): every entry is written before it is read. They are taken,
    // not shared, so a search that throws leaves nothing half-written for the next one.
    const reused = spare ?? freshArrays();
    spare = undefined;
    this.snaps = reused.snaps[0]?.length === this.chunkWords ? reused.snaps : [];
    this.parent = reused.parent;
    this.via = reused.via;
    this.gOf = reused.gOf;
    this.snapOf = reused.snapOf;
    this.sumOf = reused.sumOf;
    this.pathIndex = reused.pathIndex;
    // 2^15 slots: the larger proofs and the harder wins outgrew 2^14, and rehashing cost more
    // than zeroing a larger table (which the pool hands over) costs the small searches.
    this.seen = new KeySet(searcher.width, firstOnThread ? FIRST_SET_LOG2 : SET_LOG2);
    firstOnThread = false;
    this.seen.shouldStop = options.shouldStop;
    this.heap = new BucketQueue(options.newestFirst === true, FIRST_NODES);
    this.probe = new Uint32Array(searcher.width);
    this.deepAfter = options.depthFirstAfter ?? NEVER;
  }

  private store(from: number, m: number, g: number): number {
    const count = this.count;
    if (count === this.parent.length) {
      this.parent = growInt32(this.parent, count * 2);
      this.via = growInt32(this.via, count * 2);
      this.gOf = growInt32(this.gOf, count * 2);
      this.snapOf = growInt32(this.snapOf, count * 2);
      this.sumOf = growInt32(this.sumOf, count * 2);
      this.pathIndex = growInt32(this.pathIndex, count * 2, -1);
    }
    this.parent[count] = from;
    this.via[count] = m;
    this.gOf[count] = g;
    this.snapOf[count] = -1;
    this.count = count + 1;
    return count;
  }

  private saveBoard(node: number): void {
    const index = this.snapCount;
    const chunk = index >> CHUNK_LOG2;
    if (chunk === this.snaps.length) this.snaps.push(new Uint32Array(this.chunkWords));
    this.searcher.save(this.snaps[chunk], (index & CHUNK_MASK) * this.stride);
    this.snapOf[node] = this.snapCount++;
  }

  private loadBoard(index: number): void {
    this.searcher.load(this.snaps[index >> CHUNK_LOG2], (index & CHUNK_MASK) * this.stride);
  }

  /**
   * Lets go of what the search holds that grows with it (the node arrays, handed on as spare
   * or dropped, and the queue's), so that the search object itself may be kept (see keepAlive.ts).
   */
  retire(): void {
    this.parent = this.via = this.gOf = this.snapOf = this.sumOf = this.pathIndex = NO_NODES;
    this.snaps = [];
    this.heap.release();
    this.seen.release();
  }

  private keepSpare(): void {
    this.truncatePath(0);
    const arrayBytes = this.parent.byteLength * 6;
    if (arrayBytes > SPARE_BYTES) return;
    this.snaps.length = Math.min(this.snaps.length, Math.floor((SPARE_BYTES - arrayBytes) / (this.chunkWords * 4)));
    spare = { snaps: this.snaps, parent: this.parent, via: this.via, gOf: this.gOf, snapOf: this.snapOf, sumOf: this.sumOf, pathIndex: this.pathIndex };
  }

  /**
   * As a search that is not the thread's first would hold them (the arrays used again may be
   * larger, the first search's set starts smaller): the figure does not depend on the deals
   * solved before.
   */
  private bytes(): number {
    const chunks = (this.snapCount + CHUNK_MASK) >> CHUNK_LOG2;
    return chunks * this.chunkWords * 4 + capacity(this.count, FIRST_NODES) * 4 * 6 + this.setBytes() + this.heap.bytes;
  }

  /** The set's part of {@link bytes}: at least what it takes at the start of a search that is not the thread's first. */
  private setBytes(): number {
    return Math.max(this.seen.bytes, KeySet.bytesFor(1 << SET_LOG2, this.seen.width));
  }

  private truncatePath(length: number): void {
    while (this.pathLength > length) this.pathIndex[this.onPath[--this.pathLength]] = -1;
  }

  private pushPath(node: number): void {
    const length = this.pathLength;
    if (length === this.onPath.length) {
      this.onPath = growInt32(this.onPath, length * 2);
      this.pathMark = growInt32(this.pathMark, length * 2);
    }
    this.pathIndex[node] = length;
    this.pathMark[length] = this.searcher.trail.length;
    this.onPath[length] = node;
    this.pathLength = length + 1;
  }

  /** Every {@link CHECK_EVERY} expansions: whether to stop (cancelled or over the memory budget), and progress. */
  private checkpoint(): boolean {
    if (this.options.shouldStop?.() || this.bytes() > this.maxBytes) return true;
    this.options.onProgress?.(this.count);
    return false;
  }

  run(): BestFirstResult {
    const { searcher, seen, heap, position, options } = this;
    searcher.autoplay();
    if (searcher.home === 52) {
      return { outcome: 'solved', moves: engineMoves(position, searcher.trail.toArray(), this.variantCells), nodes: 1, peakBytes: 0 };
    }
    this.rootMoves = searcher.trail.toArray();
    searcher.clearTrail();
    seen.add(searcher.key);
    const root = this.store(-1, 0, 0);
    this.saveBoard(root);
    heap.push(root, this.weight * (this.greedy ? searcher.estimate() : searcher.lowerBound()));
    if (this.quick) this.sumOf[root] = searcher.columnSum();
    this.pushPath(root);
    const pause = this.expand();
    let stopped = pause === Pause.Stopped;

    let extra = 0;
    let tail: number[] = [];
    // The depth-first part's win, kept when best-first then finds its own.
    let deepWin = -1;
    let deepTail: number[] = [];
    if (pause === Pause.Deepen) {
      // Depth-first from every open node, with the set of positions seen so far: every position
      // reachable from the root is seen or reachable from an open node through unseen positions,
      // so when the last open node is done, the search was complete. It works on a copy of the
      // set: when it finds a solution, the best-first search resumes where it stopped and looks
      // for a shorter one.
      const progress = options.onProgress;
      searcher.seen.release();
      searcher.seen = seen.clone();
      searcher.ordered = options.depthFirstOrdered !== false;
      searcher.buildFromCells = this.cellBuildsInDepthFirst;
      const others = this.bytes() - this.setBytes();
      let deepGoal = -1;
      const open = heap.open();
      for (let k = 0; k < open.length; k++) {
        const node = open[k];
        const own = this.snapOf[node];
        if (own >= 0) this.loadBoard(own);
        else {
          this.loadBoard(this.snapOf[this.parent[node]]);
          searcher.play(this.via[node] & MOVE);
        }
        searcher.clearTrail();
        const before = this.count + extra;
        const outcome = searcher.run({
          maxNodes: this.maxNodes - this.count - extra,
          maxMillis: Number.POSITIVE_INFINITY,
          maxBytes: this.maxBytes - others,
          shouldStop: options.shouldStop,
          onProgress: progress ? (n) => progress(before + n) : undefined,
        });
        extra += searcher.nodes - 1;
        if (outcome === 'solved') {
          deepGoal = node;
          tail = searcher.trail.toArray();
          break;
        }
        if (outcome === 'stopped' || this.count + extra >= this.maxNodes) {
          stopped = true;
          break;
        }
      }
      if (deepGoal >= 0) {
        // Winnable: the best-first search goes on for a short solution, within the budget left.
        searcher.seen.release();
        searcher.seen = seen;
        searcher.ordered = false;
        searcher.buildFromCells = false;
        this.deepAfter = NEVER;
        this.truncatePath(0);
        const limit = this.maxNodes - extra;
        this.maxNodes = this.count + Math.min(limit - this.count, RESUME_NODES);
        this.expand();
        if (this.goal >= 0) {
          deepWin = deepGoal;
          deepTail = tail;
          tail = [];
        } else this.goal = deepGoal;
        stopped = false;
      }
    }
    const peakBytes = this.bytes() + searcher.peakBytes;
    const nodes = this.count + extra;
    this.keepSpare();
    seen.release();
    searcher.seen.release();
    const goal = this.goal;
    if (goal < 0) return { outcome: stopped ? 'stopped' : 'exhausted', nodes, peakBytes };

    const moves = this.movesTo(goal, tail);
    const depthFirstMoves = deepWin >= 0 ? this.movesTo(deepWin, deepTail) : undefined;
    return { outcome: 'solved', moves, nodes, peakBytes, deep: tail.length > 0, depthFirstMoves };
  }

  /** The engine moves from the root to `node` and then along `tail` (internal moves from the node's board). */
  private movesTo(node: number, tail: readonly number[]): Move[] {
    // Replay the path from the root's board to collect the forced moves along it: on the
    // search's own searcher (a new one for each solution was a third of this replay's time).
    const path: number[] = [];
    for (let at = node; at > 0; at = this.parent[at]) path.push(this.via[at] & MOVE);
    path.reverse();
    const { searcher } = this;
    this.loadBoard(this.snapOf[0]);
    searcher.clearTrail();
    for (let k = 0; k < path.length; k++) searcher.play(path[k]);
    const internal = this.rootMoves.concat(searcher.trail.toArray(), tail);
    return engineMoves(this.position, internal, this.variantCells);
  }

  /** Expands nodes best first until a goal, an empty queue, the node budget, or the switch to depth-first; returns which. */
  private expand(): Pause {
    const { searcher, seen, heap, scratch, probe, weight, budget, bounded, greedy, quick, columns } = this;
    const deadEnds = searcher.detectsDeadlocks;
    while (heap.size > 0 && this.goal < 0) {
      if (this.count >= this.maxNodes) return Pause.Stopped;
      if (this.count >= this.deepAfter) return Pause.Deepen;
      if (this.checks++ % CHECK_EVERY === 0 && this.checkpoint()) return Pause.Stopped;
      const node = heap.pop();
      const g = this.gOf[node];
      const own = this.snapOf[node];
      // Put the node's board on the searcher: back along the path to the node or its parent
      // when it is there (no copy), else from a saved board.
      const from = own >= 0 ? node : this.parent[node];
      const at = this.pathIndex[from];
      if (at >= 0) {
        searcher.undoTo(this.pathMark[at]);
        this.truncatePath(at + 1);
      } else {
        this.truncatePath(0);
        this.loadBoard(this.snapOf[from]);
        searcher.clearTrail();
        this.pushPath(from);
      }
      const via = this.via[node];
      if (from !== node) {
        searcher.play(via & MOVE);
        this.pushPath(node);
      }
      // The move that made this board, when no forced move followed it: its reverse leads back to the parent.
      const made = (via & CLEAN) !== 0 ? via & MOVE : -1;
      const nodeSum = this.sumOf[node];
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
              this.saveBoard(node);
              saved = true;
            }
            const h = searcher.estimateAfter(m, nodeSum);
            const child = this.store(node, m | CLEAN, g2);
            this.sumOf[child] = searcher.lastChildSum;
            heap.push(child, g2 + weight * h);
            continue;
          }
          searcher.play(m);
          fresh = true;
        } else {
          searcher.play(m);
          if (searcher.home === 52) {
            this.goal = this.store(node, m, g2);
            break;
          }
          fresh = seen.add(searcher.key);
        }
        if (fresh && !(deadEnds && searcher.deadlocked())) {
          const h = greedy ? searcher.estimate() : searcher.lowerBound();
          if (!bounded || g2 + h < budget) {
            if (!saved) {
              // The children are rebuilt from this board: save it (before the child's move).
              searcher.undoTo(base);
              this.saveBoard(node);
              saved = true;
              searcher.play(m);
            }
            const child = this.store(node, searcher.trail.length === base + 1 ? m | CLEAN : m, g2);
            if (quick) this.sumOf[child] = searcher.columnSum();
            heap.push(child, g2 + weight * h);
          }
        }
        searcher.undoTo(base);
      }
    }
    return Pause.Done;
  }
}
