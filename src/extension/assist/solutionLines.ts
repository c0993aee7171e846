import { applyMove, autoplay, formatBoard, isHome, isWon, performMove, type Move, type Position } from '../../engine';
import { movedCard } from '../boardView';

/** Positions along known solutions remembered at most (a few solutions' worth). */
const DEFAULT_CAPACITY = 2048;

/** A position on a known solution: the solution's moves, how many lead here, and the position. */
interface LineStep {
  readonly moves: readonly Move[];
  readonly played: number;
  readonly position: Position;
  readonly key: string;
}

/** The key of a position among all games: its variant and its board. */
export function positionKey(position: Position): string {
  return `${position.variant}\n${formatBoard(position)}`;
}

/** The key of a position once every safe card went home, as auto-play sends them. */
function settledKey(position: Position): string {
  return positionKey(autoplay(position).position);
}

/**
 * Every position a found solution passes through, with the rest of that solution. A player who
 * follows it (a hint played, or the same moves found alone) is answered at once: the rest of a
 * solution is a solution. Positions are found with auto-play on or off: auto-play may send a
 * card home sooner than the solution does, and the solution's own move for it is then left out.
 * The least recently used positions are forgotten first.
 */
export class SolutionLines {
  /** By the key of the position settled (see {@link settledKey}): the first step of a line there. */
  private readonly steps = new Map<string, LineStep>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** How many positions are remembered. */
  get size(): number {
    return this.steps.size;
  }

  /**
   * Remembers the positions that `moves`, a solution from `position`, pass through. Each move is
   * checked as a player's would be, and the last must win: otherwise nothing is remembered.
   */
  remember(position: Position, moves: readonly Move[]): void {
    const line: [settled: string, step: LineStep][] = [];
    const mine = new Set<string>();
    let at = position;
    for (let played = 1; played <= moves.length; played++) {
      const next = applyMove(at, moves[played - 1]);
      if (!next.ok) return;
      at = next.value.position;
      // The won position needs no answer; of positions that settle alike, the earliest is kept.
      if (played === moves.length) break;
      const settled = settledKey(at);
      if (mine.has(settled)) continue;
      mine.add(settled);
      line.push([settled, { moves, played, position: at, key: positionKey(at) }]);
    }
    if (!isWon(at)) return;
    for (const [settled, step] of line) {
      this.steps.delete(settled);
      this.steps.set(settled, step);
    }
    for (const oldest of this.steps.keys()) {
      if (this.steps.size <= this.capacity) break;
      this.steps.delete(oldest);
    }
  }

  /** The rest of a remembered solution from `position`, or undefined when none passes there. */
  rest(position: Position): readonly Move[] | undefined {
    const settled = autoplay(position);
    const key = positionKey(settled.position);
    const step = this.steps.get(key);
    if (!step) return undefined;
    this.steps.delete(key);
    this.steps.set(key, step);
    const rest = step.moves.slice(step.played);
    if (positionKey(position) === step.key) return rest;
    return followed(settled, step.position, rest);
  }
}

/**
 * A solution from a position along `rest` (a solution from `line`, a position that settles as
 * that one does): first the safe moves home that auto-play makes (`settled`), then the moves of
 * `rest` but those of cards already home. Undefined unless these are legal and win.
 */
function followed(settled: { position: Position; moves: readonly Move[] }, line: Position, rest: readonly Move[]): Move[] | undefined {
  const moves: Move[] = [...settled.moves];
  let expected = line;
  let at = settled.position;
  for (const move of rest) {
    const home = move.to.kind === 'foundation' ? movedCard(move, expected) : undefined;
    expected = performMove(expected, move);
    if (home !== undefined && isHome(at, home)) continue;
    const next = applyMove(at, move);
    if (!next.ok) return undefined;
    at = next.value.position;
    moves.push(move);
  }
  return isWon(at) ? moves : undefined;
}
