/**
 * A complete depth-first search over the components of a rank-built game with foundations by
 * suit (see rankComponents.ts): each component is searched once, whatever arrangement of its
 * free cards it was reached in, and left only by its irreversible moves. Good Measure deal 27
 * (not winnable) is proved in 165 thousand components where the search of single boards needs
 * 8.4 million boards.
 *
 * Safe foundation moves are forced (when a card that can never be wanted again can be cleared
 * and sent home, that is the only way out tried), dead ends are proved by suit (rankDeadEnd.ts)
 * and, right after a card went home, boards from which no card can ever go home again are
 * dropped (rankStuck.ts). Both look at the board loaded, one arrangement of the component: the
 * argument of rankDeadEnd.ts gives every arrangement of a component the same answer (a card
 * moved off one parent onto another leaves at once in either board), and so does the outline of
 * rankStuck.ts (the columns' ranks in any order).
 */
import { IntStack } from '../intStack';
import { RankBoard, STRIDE } from './rankBoard';
import { wayOut } from './rankComponentPath';
import { concretePath } from './rankConcretePath';
import { ComponentExpander } from './rankComponents';
import { DeadEndScratch, isDeadEnd } from './rankDeadEnd';
import { detachDeferred, detachedScratch, holdsForEveryPairing } from './rankDetached';
import { BoundedRankSearch, type RankLimits, type RankOutcome, luby } from './rankSearch';
import type { SkeletonProver } from './rankSkeleton';
import { StuckProver } from './rankStuck';

const W = 5;

/**
 * The stuck proofs' allowance here: the search by components asks only right after a card went
 * home, and a component costs more than the outlines' searches then take. With 50,000 outlines a
 * search and one more a component in all (none gave up) Good Measure deal 515 (lost) took 478
 * thousand components instead of 578 thousand (7,000 of its proofs gave up with 5,000 a search
 * and 0.02 a board); deals 27 and 603 about the same.
 */
const COMPONENT_OUTLINE_NODES = 50_000;
const COMPONENT_OUTLINES_PER_POSITION = 1;

/** Pairings of deferred cards tested one by one for a dead end at most; beyond, the relaxed board (rankDetached.ts). */
const MAX_PAIRINGS_TESTED = 24;

/** Components the walk that turns a win with deferred pairings into moves may look at (rankConcretePath.ts). */
const CONCRETE_PATH_COMPONENTS = 2_000_000;

/** Rules of the component search, to check each against a search without it. */
export interface ComponentRules {
  readonly deadEnds?: boolean;
  readonly stuck?: boolean;
  /** A safe foundation move, when one can be made, is the only way out tried. */
  readonly forceSafe?: boolean;
  /** A card alone in its column never moves to another. */
  readonly loneCards?: boolean;
  /** Components of the first run before a restart (0: none); later runs follow the Luby sequence. */
  readonly restartUnit?: number;
  /** How much random order a restart adds to the scores of the ways out. */
  readonly restartNoise?: number;
  /** The cards of a rank that freezes keep any pairing with its free parents (rankComponents.ts). */
  readonly deferPairings?: boolean;
  /** Drops components whose skeleton is proved lost (rankSkeleton.ts); its answers are kept for the whole solve. */
  readonly skeleton?: SkeletonProver;
}

/** The search from one position of Baker's Dozen or Good Measure. */
export class ComponentSearch extends BoundedRankSearch {
  /** On 'solved': the moves from the root to the win, packed as in rankBoard.ts. */
  readonly solution: number[] = [];
  private readonly root: RankBoard;
  private readonly columns: readonly (readonly number[])[];
  private readonly foundations: readonly (readonly number[])[];
  private readonly work: RankBoard;
  private readonly expander: ComponentExpander;
  /** Successors' exact keys, five words each, of every frame on the path. */
  private readonly pending = new IntStack();
  /** Per frame: where its successors start in {@link pending}, and the exact key of its board. */
  private readonly frameStart = new IntStack();
  private readonly frameKeys = new IntStack();
  private readonly frameHomes = new IntStack();
  private readonly scratch = new DeadEndScratch();
  private readonly componentKey = new Uint32Array(W);
  private readonly deadEnds: boolean;
  private readonly stuck: StuckProver | undefined;
  private readonly forceSafe: boolean;
  private readonly restartUnit: number;
  private readonly restartNoise: number;
  private noiseSpan = 0;
  private rng = 0x2545f491;
  /** Per frame, the component key of its board (forgotten at a restart). */
  private readonly frameComponents = new IntStack();

  constructor(columns: readonly (readonly number[])[], foundations: readonly (readonly number[])[], rules: ComponentRules = {}) {
    super();
    this.columns = columns;
    this.foundations = foundations;
    this.root = new RankBoard(columns, foundations, false);
    this.work = new RankBoard(columns, foundations, false);
    this.expander = new ComponentExpander(this.root);
    this.deadEnds = rules.deadEnds !== false;
    this.stuck = (rules.stuck ?? this.deadEnds) ? new StuckProver(COMPONENT_OUTLINE_NODES, COMPONENT_OUTLINES_PER_POSITION) : undefined;
    this.forceSafe = rules.forceSafe !== false;
    this.restartUnit = rules.restartUnit ?? 0;
    this.restartNoise = rules.restartNoise ?? 100;
    this.expander.loneCards = rules.loneCards !== false;
    this.expander.deferPairings = rules.deferPairings !== false;
    this.skeleton = rules.skeleton;
  }
  private readonly skeleton: SkeletonProver | undefined;

  protected bytes(): number {
    return this.seen.bytes + (this.stuck?.bytes ?? 0) + (this.skeleton?.bytes ?? 0) + this.pending.data.byteLength + this.frameKeys.data.byteLength + this.frameStart.data.byteLength;
  }

  /**
   * Takes the board of exact and component key `keys[at…]` (ten words): unless its component was
   * seen, loads it, checks it and pushes its successors as a new frame ('open').
   */
  private visit(keys: Uint32Array, at: number, parentHome: number): 'seen' | 'dead' | 'won' | 'open' {
    const ex = this.expander;
    const board = this.work;
    // Components listed before this one was reached may have been searched meanwhile.
    for (let i = 0; i < W; i++) this.componentKey[i] = keys[at + W + i];
    if (!this.seen.add(this.componentKey)) return 'seen';
    ex.load(keys, at, board, keys, at + W);
    const cameHome = board.home > parentHome;
    this.nodes++;
    if (board.home === 52) return 'won';
    // Every pairing of deferred cards has this board's skeleton.
    if (this.skeleton?.isLost(board.fh, ex.anchorAt) === true) return 'dead';
    if (this.deadEnds || cameHome) {
      // With deferred pairings the board loaded is one of several: lost only if every one is.
      if (!ex.hasDeferred()) {
        if (this.provedLost(board, cameHome)) return 'dead';
      } else {
        const lost = (tested: RankBoard): boolean => this.provedLost(tested, cameHome);
        const every = holdsForEveryPairing(board, ex.deferred, this.detached, lost, MAX_PAIRINGS_TESTED);
        if (every === true) return 'dead';
        if (every === undefined && detachDeferred(board, ex.deferred, this.detached) && lost(this.detached)) return 'dead';
      }
    }
    this.frameStart.push(this.pending.length);
    this.frameHomes.push(board.home);
    for (let i = 0; i < W; i++) this.frameComponents.push(this.componentKey[i]);
    for (let i = 0; i < W; i++) this.frameKeys.push(keys[at + i]);
    // A safe card that can be sent home: the only way out tried.
    let forced = false;
    for (let x = 0; x < 52 && !forced && this.forceSafe; x++) {
      if (ex.column[x] >= 0 && (ex.loose[x] === 1 || ex.anchor[x] === 1) && board.isSafeHome(x)) {
        if (ex.canLeave(x) && this.skeleton?.isLostAfter(board.fh, ex.anchorAt, x, true) === true) {
          // The only way out tried leads to lost boards only (none is listed).
          forced = true;
          break;
        }
        ex.expandExit(x, true, this.pending);
        forced = ex.reached > 0;
      }
    }
    if (!forced) {
      // Ways out in order of promise, the best pushed last (tried first).
      let count = 0;
      const exitCards = this.exitCards;
      const exitScores = this.exitScores;
      const skeleton = this.skeleton;
      ex.exits(board, (card, toHome) => {
        if (skeleton?.isLostAfter(board.fh, ex.anchorAt, card, toHome) === true) return;
        const score = (toHome ? 1000 - (card >> 2) : this.uncoverScore(board, card)) + this.noise();
        let i = count++;
        while (i > 0 && exitScores[i - 1] > score) {
          exitScores[i] = exitScores[i - 1];
          exitCards[i] = exitCards[i - 1];
          i--;
        }
        exitScores[i] = score;
        exitCards[i] = toHome ? card : card | 64;
      });
      for (let i = 0; i < count; i++) ex.expandExit(exitCards[i] & 63, (exitCards[i] & 64) === 0, this.pending);
    }
    return 'open';
  }

  /** Whether `board` is proved lost: a dead end, or (right after a card went home) stuck. */
  private provedLost(board: RankBoard, cameHome: boolean): boolean {
    return (this.deadEnds && isDeadEnd(board, this.scratch)) || (cameHome && this.stuck?.isStuck(board, this.nodes) === true);
  }

  private readonly detached = detachedScratch();
  private readonly exitCards = new Int32Array(128);
  private readonly exitScores = new Int32Array(128);

  /**
   * How much moving anchor `card` off its column promises: a card under it that can go home,
   * and how soon its suit needs the cards of that column (as the board search scores moves).
   */
  private uncoverScore(board: RankBoard, card: number): number {
    const at = board.where[card];
    const base = at & ~(STRIDE - 1);
    const h = at - base;
    let gain = 0;
    if (h >= 1) {
      const under = board.col[base + h - 1];
      if (board.homePile(under) >= 0) gain += 400;
      let best = 99;
      for (let i = 0; i < h; i++) {
        const other = board.col[base + i];
        const cost = ((other >> 2) - board.fh[other & 3]) * 4 + (h - 1 - i);
        if (cost < best) best = cost;
      }
      gain += 100 - best;
    }
    return gain;
  }

  /** Depth-first search from the root; on 'solved', {@link solution} holds the moves. */
  run(limits: RankLimits): RankOutcome {
    const started = performance.now();
    if (this.stuck !== undefined) this.stuck.stopAt = { deadline: started + limits.maxMillis, shouldStop: limits.shouldStop };
    const rootKey = new Uint32Array(2 * W);
    rootKey.set(this.root.key);
    this.expander.load(rootKey, 0, this.work);
    this.expander.componentKey(this.componentKey);
    rootKey.set(this.componentKey, W);
    this.expander.seenSet = this.seen;
    this.seen.takeSpare(limits.maxBytes);
    const first = this.visit(rootKey, 0, -1);
    if (first === 'won') return this.solved();
    if (first !== 'open') return 'exhausted';
    let check = 0;
    let restart = 0;
    let budget = this.restartUnit * luby(1);
    const pending = this.pending;
    const frameStart = this.frameStart;
    while (frameStart.length > 0) {
      const f = frameStart.length - 1;
      if (pending.length > frameStart.data[f]) {
        pending.length -= 2 * W;
        const at = pending.length;
        // Copy out: visiting pushes onto the same stack.
        const key = this.nextKey;
        for (let i = 0; i < 2 * W; i++) key[i] = pending.data[at + i];
        const outcome = this.visit(key, 0, this.frameHomes.data[f]);
        if (outcome === 'won') {
          for (let i = 0; i < W; i++) this.frameKeys.push(key[i]);
          for (let i = 0; i < W; i++) this.frameComponents.push(key[W + i]);
          return this.solved();
        }
        if (outcome === 'seen') continue;
        // A component can take a millisecond (its dead-end and stuck proofs): limits are checked often.
        if (++check >= 256) {
          check = 0;
          if (this.overLimits(limits, started, 256)) return 'stopped';
        }
        if (--budget === 0) {
          budget = this.restartUnit * luby(++restart + 1);
          this.restartFromRoot(rootKey);
        }
      } else {
        frameStart.length = f;
        this.frameHomes.length = f;
        this.frameKeys.length -= W;
        this.frameComponents.length -= W;
      }
    }
    this.peak();
    return 'exhausted';
  }

  /**
   * Starts again from the root with another order of the ways out, keeping what was learnt:
   * every component searched off the current path was searched to the end, so a win reachable
   * from it is reachable from a component on the path, and those are forgotten, to be searched
   * again (as in rankSearch.ts).
   */
  private restartFromRoot(rootKey: Uint32Array): void {
    const comps = this.frameComponents;
    const key = this.componentKey;
    for (let at = 0; at < comps.length; at += W) {
      for (let i = 0; i < W; i++) key[i] = comps.data[at + i];
      this.seen.forget(key);
    }
    this.frameStart.length = 0;
    this.frameHomes.length = 0;
    this.frameKeys.length = 0;
    this.frameComponents.length = 0;
    this.pending.length = 0;
    this.noiseSpan = this.restartNoise;
    this.visit(rootKey, 0, -1);
  }

  /** A small random number for a restart's order (none before the first restart). */
  private noise(): number {
    if (this.noiseSpan === 0) return 0;
    let x = this.rng;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.rng = x;
    return (x >>> 8) % this.noiseSpan;
  }
  private readonly nextKey = new Uint32Array(2 * W);

  /** The moves along the path of frames, from the root's board to the won board. */
  private solved(): RankOutcome {
    const board = this.work;
    let boards: Uint32Array[] | undefined;
    if (this.expander.deferPairings && this.frameComponents.length > 0) {
      // The frames' boards stand for their components' pairings: find boards that follow each other.
      boards = concretePath(this.columns, this.foundations, new Uint32Array(this.frameComponents.data.buffer, 0, this.frameComponents.length), this.expander.loneCards, CONCRETE_PATH_COMPONENTS);
      if (boards === undefined) {
        this.stop = 'nodes';
        return 'stopped';
      }
    } else {
      const keys = this.frameKeys;
      boards = [];
      for (let at = 0; at < keys.length; at += W) boards.push(Uint32Array.from(keys.data.subarray(at, at + W)));
    }
    // Replay from the root: each step loads the step's board, then plays the way to the next.
    let current = this.root.key.slice();
    for (let s = 0; s + 1 < boards.length; s++) {
      const to = boards[s + 1];
      // The board reached so far is in the step's component; start from it.
      this.expander.load(current, 0, board);
      wayOut(this.expander, board, to, 0, this.solution);
      current = board.key.slice();
      for (let i = 0; i < W; i++) if (current[i] !== to[i]) throw new Error('component search: the way out did not reach the next board');
    }
    this.peak();
    return 'solved';
  }
}
