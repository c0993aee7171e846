import { autoplay } from './autoplay';
import { dealPosition } from './deal';
import { applyMove, legalMoves } from './moves';
import { checkPosition, isWon } from './position';
import type { Move, MoveRequest, Outcome, Position, VariantId } from './types';

/**
 * One player action and what it set off: the player's move first, then each safe auto-play
 * move. Undo and redo take a whole turn, so an auto-played card never strands the player
 * half-way; the move list still shows every move, so a solution replays on its own.
 */
export interface Turn {
  readonly moves: readonly Move[];
  readonly before: Position;
  readonly after: Position;
}

/** A game as an immutable snapshot: every operation returns a new one, so the host can keep or drop any of them. */
export interface Game {
  readonly variant: VariantId;
  /** The deal number, or `null` for a game started from an imported position. */
  readonly dealNumber: number | null;
  readonly start: Position;
  readonly position: Position;
  /** Turns played, oldest first. */
  readonly done: readonly Turn[];
  /** Turns undone, the most recently undone last (the next to redo). */
  readonly undone: readonly Turn[];
  /** Whether safe auto-play follows each move. */
  readonly autoplay: boolean;
}

/** In play, won, or no legal move left (the solver adds "proved lost" on top). */
export type GameStatus = 'playing' | 'won' | 'stuck';

/** Options for a new game. */
export interface GameOptions {
  /** Safe auto-play to the foundations after each move (default off). */
  readonly autoplay?: boolean;
}

/** A new game of deal `dealNumber`; refuses an unknown variant or a bad deal number. */
export function newGame(variant: string, dealNumber: number, options: GameOptions = {}): Outcome<Game> {
  const dealt = dealPosition(variant, dealNumber);
  if (!dealt.ok) return dealt;
  return { ok: true, value: fresh(dealt.value, dealNumber, options.autoplay ?? false) };
}

/** A new game from an imported position (checked first: 52 distinct cards, the variant's shape). */
export function gameFromPosition(position: Position, options: GameOptions = {}): Outcome<Game> {
  const checked = checkPosition(position);
  if (!checked.ok) return checked;
  return { ok: true, value: fresh(checked.value, null, options.autoplay ?? false) };
}

function fresh(start: Position, dealNumber: number | null, withAutoplay: boolean): Game {
  return { variant: start.variant, dealNumber, start, position: start, done: [], undone: [], autoplay: withAutoplay };
}

/**
 * Plays a move (then safe auto-play when the game asks for it). A new move clears the redo list.
 * On refusal the game is unchanged and the refusal says why.
 */
export function playMove(game: Game, request: MoveRequest): Outcome<Game> {
  const applied = applyMove(game.position, request);
  if (!applied.ok) return applied;
  let after = applied.value.position;
  const moves: Move[] = [applied.value.move];
  if (game.autoplay) {
    const auto = autoplay(after);
    after = auto.position;
    moves.push(...auto.moves);
  }
  const turn: Turn = { moves, before: game.position, after };
  return { ok: true, value: { ...game, position: after, done: [...game.done, turn], undone: [] } };
}

/** Whether there is a turn to undo. */
export function canUndo(game: Game): boolean {
  return game.done.length > 0;
}

/** Whether there is an undone turn to redo. */
export function canRedo(game: Game): boolean {
  return game.undone.length > 0;
}

/** Takes back the last turn (the move and its auto-play); the same game when there is none. */
export function undo(game: Game): Game {
  const turn = game.done[game.done.length - 1];
  if (!turn) return game;
  return { ...game, position: turn.before, done: game.done.slice(0, -1), undone: [...game.undone, turn] };
}

/** Plays the last undone turn again, exactly as it was played; the same game when there is none. */
export function redo(game: Game): Game {
  const turn = game.undone[game.undone.length - 1];
  if (!turn) return game;
  return { ...game, position: turn.after, done: [...game.done, turn], undone: game.undone.slice(0, -1) };
}

/**
 * Back to the start with no history. A dealt game re-derives its start from the deal number,
 * never from the saved position, so a damaged save cannot change a deal.
 */
export function restart(game: Game): Game {
  let start = game.start;
  if (game.dealNumber !== null) {
    const dealt = dealPosition(game.variant, game.dealNumber);
    if (dealt.ok) start = dealt.value;
  }
  return fresh(start, game.dealNumber, game.autoplay);
}

/** The same game with auto-play switched on or off (it applies from the next move). */
export function setAutoplay(game: Game, on: boolean): Game {
  return { ...game, autoplay: on };
}

/** Every move played so far, auto-played ones included, oldest first. */
export function gameMoves(game: Game): Move[] {
  return game.done.flatMap((turn) => turn.moves);
}

/** The move counter: player actions so far (auto-played moves ride along and are not counted). */
export function moveCount(game: Game): number {
  return game.done.length;
}

/** In play, won, or stuck (no legal move left). */
export function gameStatus(game: Game): GameStatus {
  if (isWon(game.position)) return 'won';
  return legalMoves(game.position).length === 0 ? 'stuck' : 'playing';
}

/**
 * Rebuilds a saved game from its start and its turns (each turn: the player's move, then its
 * auto-played moves), checking every move. Refuses with `bad-saved-move` {turn, move} and the
 * reason's code when a move does not apply.
 */
export function restoreGame(game: Game, turns: readonly (readonly MoveRequest[])[]): Outcome<Game> {
  let current = restart(game);
  for (let t = 0; t < turns.length; t++) {
    const before = current.position;
    let position = before;
    const moves: Move[] = [];
    for (let m = 0; m < turns[t].length; m++) {
      const applied = applyMove(position, turns[t][m]);
      if (!applied.ok) {
        return { ok: false, refusal: { code: 'bad-saved-move', params: { turn: t + 1, move: m + 1, reason: applied.refusal.code } } };
      }
      position = applied.value.position;
      moves.push(applied.value.move);
    }
    if (moves.length === 0) continue;
    current = { ...current, position, done: [...current.done, { moves, before, after: position }] };
  }
  return { ok: true, value: current };
}
