/**
 * A finished game rebuilt from its history record (schema 2), for review: the start, each move
 * the player made, and the position after it. Everything is checked again against the rules, so
 * a damaged or forged record gives a reason, never a wrong board. Pure: engine only.
 */
import {
  describeRefusal,
  gameFromPosition,
  newGame,
  parseBoard,
  parseMoves,
  restoreGame,
  type Game,
  type MoveRequest,
  type Outcome,
  type Position,
} from '../../engine';
import type { GameRecord } from '../stats/gameRecord';

/** A recorded game, replayed. */
export interface ReviewedGame {
  /** The record's id. */
  readonly id: string;
  readonly record: GameRecord;
  /** The game with every move played (`done`), as the engine rebuilt it. */
  readonly game: Game;
  /** The start, then the position after each move: `positions[k]` is the board after move k. */
  readonly positions: readonly Position[];
  /** The moves (1-based) made with help. */
  readonly helpTurns: ReadonlySet<number>;
}

/** The game of `record`, replayed move by move, or why it cannot be. */
export function reviewedGameFromRecord(record: GameRecord): { ok: true; reviewed: ReviewedGame } | { ok: false; reason: string } {
  if (record.turns === undefined) return { ok: false, reason: 'no moves recorded (a game recorded before the moves were kept)' };
  let start: Outcome<Game>;
  if (record.deal !== null) start = newGame(record.variant, record.deal);
  else if (record.board !== undefined) {
    const position = parseBoard(record.board, record.variant);
    start = position.ok ? gameFromPosition(position.value) : position;
  } else return { ok: false, reason: 'an imported deal without its board' };
  if (!start.ok) return { ok: false, reason: describeRefusal(start.refusal) };
  const turns: MoveRequest[][] = [];
  for (const [index, text] of record.turns.entries()) {
    const moves = parseMoves(text);
    if (!moves.ok) return { ok: false, reason: `move ${index + 1}: ${describeRefusal(moves.refusal)}` };
    turns.push(moves.value);
  }
  const restored = restoreGame(start.value, turns);
  if (!restored.ok) return { ok: false, reason: describeRefusal(restored.refusal) };
  const game = restored.value;
  const positions = [game.start, ...game.done.map((turn) => turn.after)];
  return { ok: true, reviewed: { id: record.id, record, game, positions, helpTurns: new Set(record.helpTurns ?? []) } };
}

/** The game as it stood after `moves` moves (0: the start), for drawing that position. */
export function gameAt(reviewed: ReviewedGame, moves: number): Game {
  const { game } = reviewed;
  const index = Math.max(0, Math.min(moves, game.done.length));
  return { ...game, position: reviewed.positions[index], done: game.done.slice(0, index), undone: [] };
}
