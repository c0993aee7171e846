/**
 * The solver's complete depth-first search, over the board of board.ts with the moves of
 * moveGenerator.ts and sameSuitMoves.ts and the dead ends of estimate.ts; positions seen are kept
 * in a {@link KeySet} under the board's exact key, so proofs are exact.
 */
import type { Board } from './board';
import { Estimator } from './estimate';
import { IntStack } from './intStack';
import { KeySet } from './keySet';
import type { Rules } from './rules';

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

/**
 * The pruning rules a caller may switch off, each on by default (false only to check a rule
 * against a complete search without it); {@link switchOffRules} applies them to a searcher.
 */
export interface RuleSwitches {
  /** Same-suit games: a column that is one run from a King moves only home. */
  readonly pruneRooted?: boolean;
  /** Same-suit games: a single card that can go onto the top of such a column is the only move tried. */
  readonly buildOnRooted?: boolean;
  /** Games with cells: a card goes into the last free cell or empty column only when something comes of it right after. */
  readonly lastSpaceForUse?: boolean;
  /** Same-suit games: a card goes from a column into a cell (not the last) only when the cards it digs out can be used at once. */
  readonly digForUse?: boolean;
  /** Same-suit games: when a card can go from a cell onto its parent, that move and the parent's move into a cell are the only ones tried, in the depth-first part of the search. */
  readonly buildFromCells?: boolean;
  /** Games without cells or usable empty columns: drop positions with a card that can never move. */
  readonly pruneDeadlocks?: boolean;
}

/** Turns off on `searcher` each rule that `switches` sets to false (the others stay as they are). */
export function switchOffRules(searcher: Searcher, switches: RuleSwitches): void {
  if (switches.pruneRooted === false) searcher.pruneRooted = false;
  if (switches.buildOnRooted === false) searcher.buildOnRooted = false;
  if (switches.lastSpaceForUse === false) searcher.lastSpaceForUse = false;
  if (switches.digForUse === false) searcher.digForUse = false;
  if (switches.buildFromCells === false) searcher.buildFromCells = false;
  if (switches.pruneDeadlocks === false) searcher.pruneDeadlocks = false;
}

/**
 * The mutable search board and the search itself (the board, its moves and its estimate come
 * from the classes it extends). One instance searches from one root.
 */
export class Searcher extends Estimator {
  private readonly frames = new IntStack();
  seen: KeySet;
  nodes = 0;
  /** Largest number of bytes held by the search's arrays so far. */
  peakBytes = 0;

  /**
   * `seenLog2`: the initial size of {@link seen}, as a power of two; 0 where the caller brings
   * its own set or only plays moves (a table of the default size, its tags zeroed, for each search).
   */
  constructor(rules: Rules, board: Board, seenLog2 = 12) {
    super(rules, board);
    this.seen = new KeySet(this.width, seenLog2);
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
    // Read once: the switches that choose the generator and the dead-end test stay as they are
    // for the whole search, and asking at each position cost 1.1% of Kings-only's instructions.
    const deadEnds = this.detectsDeadlocks;
    const sameSuit = this.sameSuitGenerator;
    // A frame: [first move index, next move index, trail length at entry, the move that made
    // the board when no forced move followed it (else -1)].
    let count = sameSuit ? this.generateSameSuit() : this.generate();
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
          count = deadEnds && this.deadlocked() ? 0 : sameSuit ? this.generateSameSuit() : this.generate();
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
