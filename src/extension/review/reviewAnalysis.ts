/**
 * The solver's verdicts on a finished game, position by position, and the marks they put on
 * each move: still winnable, a detour (the best solution found after the move, with the move
 * itself, is longer than the best found before it; never a move made with help), the move that lost the deal (from a position proved winnable to one proved lost),
 * or played when the deal was already lost. No `vscode` import: the host, the benchmark and the
 * unit tests run it alike, each with its own way to reach the solver.
 *
 * Two facts of the game cut the work and the noise: a position from which a winnable one was
 * reached by a legal move is winnable (in at most one move more), and every position reached
 * from a lost one is lost. The search runs from the end backwards, where positions are small and
 * fast to decide, so the first marks come at once.
 */
import { isWon, type Move, type Position } from '../../engine';
import type { MoveMark, PositionVerdictKind } from '../../protocol/reviewMessages';
import { playerSolutionSteps } from './playerMoves';
import { runInSlices } from './sliced';

/** What the solver answers about one position. */
export interface PositionAnswer {
  readonly verdict: 'solvable' | 'unsolvable' | 'unknown';
  /** Single-card moves to a win, for `solvable`. */
  readonly moves: readonly Move[];
}

/** Asks the solver about one position (in a worker: the host never searches itself). */
export type PositionSolver = (position: Position, signal: AbortSignal) => Promise<PositionAnswer>;

/** What is known of one position of the game. */
export interface PositionVerdict {
  readonly kind: PositionVerdictKind;
  /** For `winnable`: the fewest player's moves to a win found (from the solver, or bounded by the next position's). */
  readonly length?: number;
  /** For `winnable` when the solver answered: its solution in the player's moves (its first move is "the better move"). */
  readonly solution?: readonly Move[];
  /** For `winnable`: the length is only a bound from later positions so far; the solver has not answered for this one yet. */
  readonly provisional?: boolean;
}

function sameMove(a: Move | undefined, b: Move | undefined): boolean {
  return a !== undefined && b !== undefined && a.count === b.count && a.from.kind === b.from.kind && a.from.index === b.from.index && a.to.kind === b.to.kind && a.to.index === b.to.index;
}

/**
 * The review of one game: verdicts for the start and the position after each move, filled in as
 * the solver answers, and the marks they give.
 */
export class ReviewAnalysis {
  /** What the solver said (or nothing yet), by position. */
  private readonly answers: (PositionVerdict | undefined)[];
  private finished = false;

  constructor(
    /** The start, then the position after each move. */
    private readonly positions: readonly Position[],
    /** The first move of each of the player's moves (the one the player made; auto-play follows it). */
    private readonly played: readonly Move[],
    private readonly helpTurns: ReadonlySet<number>,
    private readonly autoplay: boolean,
  ) {
    this.answers = positions.map((position) => (isWon(position) ? { kind: 'winnable', length: 0, solution: [] } : undefined));
  }

  /** How many moves the game has. */
  get moveCount(): number {
    return this.positions.length - 1;
  }

  /** Whether every position has had its answer. */
  get done(): boolean {
    return this.finished;
  }

  /** How many positions have their answer. */
  get answered(): number {
    return this.answers.filter((answer) => answer !== undefined).length;
  }

  /**
   * Asks the solver about every position without an answer, from the end backwards,
   * `concurrency` at a time; `onChange` after each answer. Stops early when `signal` aborts.
   */
  async run(solver: PositionSolver, signal: AbortSignal, onChange: () => void, concurrency = 1): Promise<void> {
    const order = this.positions.map((_, index) => index).reverse().filter((index) => this.answers[index] === undefined);
    const next = async (): Promise<void> => {
      for (let index = order.shift(); index !== undefined && !signal.aborted; index = order.shift()) {
        const position = this.positions[index];
        // One signal per search, tied to the review's: a listener per search on one signal would pile up.
        const search = new AbortController();
        const stop = (): void => search.abort();
        signal.addEventListener('abort', stop, { once: true });
        const answer = await solver(position, search.signal).finally(() => signal.removeEventListener('abort', stop));
        if (signal.aborted) return;
        if (answer.verdict === 'solvable') {
          // Counted in slices: a long solution must not block the host's event loop.
          const solution = await runInSlices(playerSolutionSteps(position, answer.moves, this.autoplay), signal);
          if (signal.aborted) return;
          this.answers[index] = solution ? { kind: 'winnable', length: solution.length, solution } : { kind: 'winnable', length: answer.moves.length };
        } else this.answers[index] = { kind: answer.verdict === 'unsolvable' ? 'lost' : 'unknown' };
        onChange();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, () => next()));
    if (!signal.aborted) this.finished = true;
  }

  /**
   * The verdict on each position: the solver's, with what the game itself proves added (a
   * winnable position makes every earlier one winnable, a lost one every later one lost), and the
   * lengths tightened both ways (one more than the next position's; one less than the previous
   * position's when the player made exactly its best move).
   */
  verdicts(): PositionVerdict[] {
    const count = this.positions.length;
    const kinds: PositionVerdictKind[] = this.answers.map((answer) => answer?.kind ?? 'pending');
    const lengths: (number | undefined)[] = this.answers.map((answer) => answer?.length);
    let winnableLater = false;
    for (let index = count - 1; index >= 0; index--) {
      if (kinds[index] === 'winnable') winnableLater = true;
      else if (winnableLater) kinds[index] = 'winnable';
    }
    let lostEarlier = false;
    for (let index = 0; index < count; index++) {
      if (kinds[index] === 'lost') lostEarlier = true;
      else if (lostEarlier) kinds[index] = 'lost';
    }
    for (let pass = 0; pass < 2; pass++) {
      for (let index = count - 2; index >= 0; index--) {
        const after = lengths[index + 1];
        if (kinds[index] === 'winnable' && after !== undefined) lengths[index] = Math.min(lengths[index] ?? Infinity, after + 1);
      }
      for (let index = 1; index < count; index++) {
        const before = lengths[index - 1];
        const best = this.answers[index - 1]?.solution?.[0];
        if (before !== undefined && lengths[index] !== undefined && sameMove(best, this.played[index - 1])) lengths[index] = Math.min(lengths[index] ?? Infinity, Math.max(0, before - 1));
      }
    }
    return kinds.map((kind, index) => ({
      kind,
      ...(kind === 'winnable' && lengths[index] !== undefined ? { length: lengths[index] } : {}),
      ...(this.answers[index]?.solution ? { solution: this.answers[index]?.solution } : {}),
      ...(kind === 'winnable' && this.answers[index] === undefined ? { provisional: true } : {}),
    }));
  }

  /** The mark of each move (1-based `move`), from the verdicts before and after it. */
  marks(): MoveMark[] {
    const verdicts = this.verdicts();
    const marks: MoveMark[] = [];
    for (let move = 1; move < verdicts.length; move++) {
      const before = verdicts[move - 1];
      const after = verdicts[move];
      const help = this.helpTurns.has(move);
      if (after.kind === 'lost') marks.push({ move, kind: before.kind === 'winnable' ? 'losing' : 'lost', help });
      else if (after.kind === 'winnable') {
        // What the move cost: the moves left after it, plus itself, over the moves left before it.
        // A move made with help (the solver's, or a hint followed) is not called a detour: the
        // review judges the player's own choices, and the solver's line need not be its shortest.
        const extra = before.length !== undefined && after.length !== undefined ? after.length + 1 - before.length : 0;
        marks.push(extra > 0 && !help ? { move, kind: 'detour', extra, help } : { move, kind: 'winnable', help });
      } else marks.push({ move, kind: after.kind, help });
    }
    return marks;
  }

  /** The solver's move from position `index` (0: the start), when it has a solution from there. */
  betterMove(index: number): Move | undefined {
    return this.answers[index]?.solution?.[0];
  }
}
