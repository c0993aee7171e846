import {
  describeRefusal,
  formatBoard,
  formatMoves,
  gameFromPosition,
  isVariantId,
  newGame,
  parseBoard,
  parseMoves,
  restoreGame,
  undo,
  type Game,
  type MoveRequest,
  type Outcome,
} from '../engine';

/** Version of the stored shape; a newer one is set aside, never misread. */
export const SAVED_GAME_VERSION = 1;

/**
 * A game in progress as stored in `globalState`: the deal and the moves, never the position,
 * so a restore re-derives the deal and re-checks every move.
 */
export interface SavedGame {
  readonly version: typeof SAVED_GAME_VERSION;
  readonly id: string;
  readonly variant: string;
  readonly deal: number | null;
  /** Start position as board text, for imported deals only. */
  readonly board?: string;
  /** Each played turn in long notation (the move, then its auto-played moves). */
  readonly turns: readonly string[];
  /** Undone turns, the next one to redo last. */
  readonly undone: readonly string[];
  readonly elapsedMs: number;
  readonly startedAt: string;
  readonly updatedAt: string;
  /**
   * What the solver proved about the positions of the line, one letter each: the start, then the
   * position after each played turn, then after each undone turn in redo order; `w` winnable,
   * `l` lost, `-` not known. So that after a reload the badge still names the losing move and
   * offers the way back. Absent in games stored before it (and when nothing was proved).
   */
  readonly proved?: string;
  /**
   * Present once help was taken (a hint, a solution played or copied): a win then counts as won
   * with help, also after a reload. Absent in games without help (and in games stored before it).
   */
  readonly withHelp?: true;
  /** The played turns (1-based) made with help, in order; absent when none. */
  readonly helpTurns?: readonly number[];
}

/** What the host keeps beside the engine's game. */
export interface GameMeta {
  readonly id: string;
  readonly elapsedMs: number;
  readonly startedAt: string;
  /** See {@link SavedGame.proved}. */
  readonly proved?: string;
  /** See {@link SavedGame.withHelp}. */
  readonly withHelp?: boolean;
  /** See {@link SavedGame.helpTurns}. */
  readonly helpTurns?: readonly number[];
}

/** The stored form of a game. */
export function toSavedGame(game: Game, meta: GameMeta, now: Date): SavedGame {
  const turnText = (moves: Game['done'][number]['moves']): string => formatMoves(moves, game.variant);
  return {
    version: SAVED_GAME_VERSION,
    id: meta.id,
    variant: game.variant,
    deal: game.dealNumber,
    ...(game.dealNumber === null ? { board: formatBoard(game.start) } : {}),
    turns: game.done.map((turn) => turnText(turn.moves)),
    undone: game.undone.map((turn) => turnText(turn.moves)),
    elapsedMs: Math.round(meta.elapsedMs),
    startedAt: meta.startedAt,
    updatedAt: now.toISOString(),
    ...(meta.proved !== undefined ? { proved: meta.proved } : {}),
    ...(meta.withHelp ? { withHelp: true as const } : {}),
    ...(meta.helpTurns && meta.helpTurns.length > 0 ? { helpTurns: [...meta.helpTurns] } : {}),
  };
}

/** Whether `turns` can be what {@link SavedGame.helpTurns} says of a line of `played` turns. */
function isHelpTurns(turns: unknown, played: number): turns is number[] {
  return Array.isArray(turns) && turns.every((turn, index) => Number.isInteger(turn) && turn >= 1 && turn <= played && (index === 0 || turn > turns[index - 1]));
}

/** Whether `proved` can be what {@link SavedGame.proved} says of a line of `positions` positions. */
function isProvedLine(proved: unknown, positions: number): proved is string {
  return typeof proved === 'string' && proved.length <= positions && /^[wl-]*$/.test(proved);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function parseTurns(turns: readonly string[], label: string): Outcome<MoveRequest[][]> | string {
  const parsed: MoveRequest[][] = [];
  for (const [index, text] of turns.entries()) {
    const moves = parseMoves(text);
    if (!moves.ok) return `${label} turn ${index + 1}: ${describeRefusal(moves.refusal)}`;
    parsed.push(moves.value);
  }
  return { ok: true, value: parsed };
}

/**
 * Rebuilds a stored game, checking everything: shape, version, variant, deal, and every move
 * against the rules. Any problem gives a reason instead of a game; nothing throws.
 */
export function restoreSavedGame(
  value: unknown,
  autoplay: boolean,
): { readonly ok: true; readonly game: Game; readonly saved: SavedGame } | { readonly ok: false; readonly reason: string } {
  if (!isRecord(value)) return { ok: false, reason: 'the stored game is not an object' };
  if (value['version'] !== SAVED_GAME_VERSION) return { ok: false, reason: `unknown stored-game version ${JSON.stringify(value['version'])}` };
  const { id, variant, deal, board, turns, undone, elapsedMs, startedAt, updatedAt, proved, withHelp, helpTurns } = value;
  if (typeof id !== 'string' || id.length === 0) return { ok: false, reason: 'the stored game has no id' };
  if (typeof variant !== 'string' || !isVariantId(variant)) return { ok: false, reason: `unknown variant ${JSON.stringify(variant)}` };
  if (!isStringArray(turns) || !isStringArray(undone)) return { ok: false, reason: 'the stored moves are not lists of text' };
  if (typeof elapsedMs !== 'number' || !Number.isFinite(elapsedMs) || elapsedMs < 0) return { ok: false, reason: 'the stored time is not a duration' };
  if (typeof startedAt !== 'string' || typeof updatedAt !== 'string') return { ok: false, reason: 'the stored game has no dates' };

  let start: Outcome<Game>;
  if (deal === null) {
    if (typeof board !== 'string') return { ok: false, reason: 'an imported game without its board' };
    const position = parseBoard(board, variant);
    if (!position.ok) return { ok: false, reason: `the stored board: ${describeRefusal(position.refusal)}` };
    start = gameFromPosition(position.value, { autoplay });
  } else if (typeof deal === 'number') {
    start = newGame(variant, deal, { autoplay });
  } else {
    return { ok: false, reason: 'the stored deal number is not a number' };
  }
  if (!start.ok) return { ok: false, reason: describeRefusal(start.refusal) };

  const played = parseTurns(turns, 'played');
  if (typeof played === 'string') return { ok: false, reason: played };
  const toRedo = parseTurns(undone, 'undone');
  if (typeof toRedo === 'string') return { ok: false, reason: toRedo };
  if (!played.ok || !toRedo.ok) return { ok: false, reason: 'unreadable moves' };

  // Replay the undone turns too (latest undone first), then take them back: redo works as before.
  const all = [...played.value, ...[...toRedo.value].reverse()];
  const restored = restoreGame(start.value, all);
  if (!restored.ok) return { ok: false, reason: describeRefusal(restored.refusal) };
  let game = restored.value;
  for (let i = 0; i < toRedo.value.length; i++) game = undo(game);

  const saved: SavedGame = {
    version: SAVED_GAME_VERSION,
    id,
    variant,
    deal,
    ...(typeof board === 'string' ? { board } : {}),
    turns,
    undone,
    elapsedMs,
    startedAt,
    updatedAt,
    // Only a help to the badge: when it does not fit the line, it is left out, the game kept.
    ...(isProvedLine(proved, 1 + turns.length + undone.length) ? { proved } : {}),
    // Anything but absent counts as help: a damaged mark must not let a helped win into the best
    // times. The turns only place the review's marks: when they do not fit the line, left out.
    ...(withHelp !== undefined ? { withHelp: true as const } : {}),
    ...(withHelp !== undefined && isHelpTurns(helpTurns, turns.length) && helpTurns.length > 0 ? { helpTurns } : {}),
  };
  return { ok: true, game, saved };
}
