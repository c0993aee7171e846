/**
 * "No card can ever go home again", proved for a board of a rank-built game with foundations by
 * suit (Baker's Dozen, Good Measure): such a board is lost, since a win puts every card home.
 *
 * Until the next card goes home, only moves between columns can be made, and those look at
 * ranks alone (a card goes onto any card one rank higher), while a move home needs one of the
 * "next" cards (for each suit, the lowest card not home) on top of a column. So whether some
 * card can go home is the same for all boards that agree once every card but the next ones is
 * known by its rank only, with the columns in any order: the board's *outline*. That question
 * is settled by a small search over outlines (moves between columns only), and every outline
 * it saw is remembered as stuck or as not stuck. The main search meets the same outline again
 * and again, reached by other moves, with the cards of one rank in other places: in Good
 * Measure deal 515 (lost), of 218,000 boards asked about, 167,000 were stuck, and all but 124
 * of those had an outline already settled.
 *
 * A card alone in its column is never moved here (it stays on top where it is, and the card it
 * would cover stays free: nothing is lost), nor is a King (no card takes it).
 */
import { STRIDE, packRankMove, type RankBoard } from './rankBoard';

/** Outlines a search may look at before it gives up (the answer is then "not proved"). */
const OUTLINE_NODES = 5000;
/**
 * Outlines all searches together may look at, per position of the main search: a step here
 * costs about ten of those, and in some deals most searches give up (Good Measure deal 603:
 * 3,700 outlines a search, which slowed the whole search sixfold). Remembered answers are used
 * whatever the allowance.
 */
const OUTLINES_PER_POSITION = 0.02;
/**
 * Outlines remembered at most (about 100 bytes each, on the JavaScript heap, which a solver
 * worker caps): when full, what was remembered is dropped and learnt again.
 */
const MAX_REMEMBERED = 1 << 18;
const BYTES_PER_OUTLINE = 100;

/** Proves boards stuck, remembering outlines for one solve. */
export class StuckProver {
  private readonly stuck = new Set<string>();
  private readonly unstuck = new Set<string>();
  /** Outlines all searches visited (what the allowance counts), and searches that gave up. */
  outlines = 0;
  gaveUp = 0;
  /**
   * `outlineNodes`: outlines one search may look at (smaller to test a search that gives up);
   * `perPosition`: outlines all searches together may look at per position of the main search,
   * beyond a first allowance of the larger of `outlineNodes` and 5,000.
   */
  constructor(
    private readonly outlineNodes = OUTLINE_NODES,
    private readonly perPosition = OUTLINES_PER_POSITION,
  ) {}

  /**
   * No search goes on past this `performance.now()` or once this returns true (it then gives up):
   * one search may take a second (Good Measure deal 11118: 1.4 s), longer than the main search
   * waits between its own checks of its limits.
   */
  stopAt: { readonly deadline: number; readonly shouldStop?: () => boolean } = { deadline: Number.POSITIVE_INFINITY };

  private readonly moves: number[] = [];
  private readonly frames: number[] = [];
  private readonly trail: number[] = [];

  /** Bytes the remembered outlines take, about. */
  get bytes(): number {
    return (this.stuck.size + this.unstuck.size) * BYTES_PER_OUTLINE;
  }

  /**
   * Whether no card can go home from `board` whatever is played (true only when proved; false
   * also when the search for it gave up, or was not run for lack of allowance after `positions`
   * positions of the main search). The board is left as it was.
   */
  isStuck(board: RankBoard, positions: number): boolean {
    if (board.home === 52 || canGoHome(board)) return false;
    const start = outline(board);
    if (this.stuck.has(start)) return true;
    if (this.unstuck.has(start)) return false;
    const allowance = Math.min(this.outlineNodes, positions * this.perPosition + Math.max(this.outlineNodes, OUTLINE_NODES) - this.outlines);
    return allowance > 0 && this.search(board, start, allowance);
  }

  /** Depth-first over outlines from the board; remembers what it learnt. */
  private search(board: RankBoard, start: string, allowance: number): boolean {
    if (this.stuck.size + this.unstuck.size > MAX_REMEMBERED) {
      this.stuck.clear();
      this.unstuck.clear();
    }
    const { moves, frames, trail } = this;
    moves.length = 0;
    frames.length = 0;
    trail.length = 0;
    const seen = new Set<string>([start]);
    const visited = [start];
    const path = [start];
    let found = this.generate(board);
    frames.push(0);
    let count = 0;
    while (!found && frames.length > 0) {
      if (moves.length === frames[frames.length - 1]) {
        frames.pop();
        path.pop();
        const m = trail.pop();
        if (m !== undefined) board.undo(m);
        continue;
      }
      if (count >= allowance) break;
      if ((count & 127) === 127 && (performance.now() > this.stopAt.deadline || this.stopAt.shouldStop?.() === true)) break;
      const m = moves.pop() as number;
      board.apply(m);
      const key = outline(board);
      if (seen.has(key) || this.stuck.has(key)) {
        board.undo(m);
        continue;
      }
      if (this.unstuck.has(key)) {
        board.undo(m);
        found = true;
        break;
      }
      seen.add(key);
      visited.push(key);
      path.push(key);
      trail.push(m);
      count++;
      const first = moves.length;
      found = this.generate(board);
      frames.push(first);
    }
    this.outlines += count;
    const gaveUp = !found && frames.length > 0;
    if (gaveUp) this.gaveUp++;
    while (trail.length > 0) board.undo(trail.pop() as number);
    if (found) for (const key of path) this.unstuck.add(key);
    else if (!gaveUp) for (const key of visited) this.stuck.add(key);
    return !found && !gaveUp;
  }

  /** Pushes the moves between columns worth trying; true when a card can go home instead. */
  private generate(board: RankBoard): boolean {
    const { nc, col, len } = board;
    for (let c = 0; c < nc; c++) {
      const h = len[c];
      if (h === 0) continue;
      const card = col[c * STRIDE + h - 1];
      if (board.homePile(card) >= 0) return true;
      if (h === 1 || card >> 2 === 12) continue;
      for (let d = 0; d < nc; d++) {
        const hd = len[d];
        if (d === c || hd === 0 || col[d * STRIDE + hd - 1] >> 2 !== (card >> 2) + 1) continue;
        this.moves.push(packRankMove(c, d, card));
      }
    }
    return false;
  }
}

/** Whether a card on top of a column can go home now. */
function canGoHome(board: RankBoard): boolean {
  const { nc, col, len } = board;
  for (let c = 0; c < nc; c++) if (len[c] > 0 && board.homePile(col[c * STRIDE + len[c] - 1]) >= 0) return true;
  return false;
}

/**
 * The board's outline: each column bottom up, a next card by itself and any other card by its
 * rank, the columns sorted. One character a card, below 256 (so a one-byte string).
 */
export function outline(board: RankBoard): string {
  const { nc, col, len, fh } = board;
  const columns: string[] = [];
  for (let c = 0; c < nc; c++) {
    const h = len[c];
    if (h === 0) continue;
    let text = '';
    for (let i = 0; i < h; i++) {
      const card = col[c * STRIDE + i];
      text += String.fromCharCode(fh[card & 3] === card >> 2 ? 128 + card : 65 + (card >> 2));
    }
    columns.push(text);
  }
  return columns.sort().join(',');
}
