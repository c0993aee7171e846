import type { GameRecord } from './gameRecord';

/** The figures shown for one variant, or for all of them together. */
export interface Statistics {
  readonly played: number;
  readonly won: number;
  /** Won ÷ played, 0 when nothing was played. */
  readonly winRate: number;
  /** Positive: wins in a row up to the latest game; negative: losses in a row; 0 when none. */
  readonly currentStreak: number;
  readonly bestWinningStreak: number;
  readonly worstLosingStreak: number;
  /** Fastest win without help, in milliseconds. */
  readonly bestTimeMs: number | undefined;
  /** Shortest win without help, in moves. */
  readonly fewestMoves: number | undefined;
  /** Average duration of the wins without help (as best time: the solver's pace is no player's). */
  readonly averageWinTimeMs: number | undefined;
  readonly wonWithHelp: number;
  /**
   * Wins without help in no more moves than the deal's par (games whose par is known). A win by
   * hints or Play Solution follows the solver's line, par itself, so it says nothing of the player.
   */
  readonly winsAtPar: number;
  /** Average of moves − par over wins without help whose par is known; undefined when none. */
  readonly averageOverPar: number | undefined;
}

/** Records in the order the games ended (ties keep the file's order). */
export function byEndTime(records: readonly GameRecord[]): GameRecord[] {
  return records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => a.record.endedAt.localeCompare(b.record.endedAt) || a.index - b.index)
    .map(({ record }) => record);
}

/**
 * Figures from a list of finished games, in any order. Lost and abandoned games both count as
 * losses. Best time, fewest moves and the average time come from wins without help only, so help
 * cannot set a record (nor a Play Solution win pull the average down).
 */
export function computeStatistics(records: readonly GameRecord[]): Statistics {
  const ordered = byEndTime(records);
  let won = 0;
  let wonWithHelp = 0;
  let streak = 0;
  let bestWinningStreak = 0;
  let worstLosingStreak = 0;
  let bestTimeMs: number | undefined;
  let fewestMoves: number | undefined;
  let winTimeTotal = 0;
  let winsAtPar = 0;
  let overParTotal = 0;
  let overParCount = 0;
  for (const record of ordered) {
    if (record.result === 'won') {
      won++;
      const par = record.par;
      if (typeof par === 'number' && !record.withHelp) {
        if (record.moves <= par) winsAtPar++;
        overParTotal += record.moves - par;
        overParCount++;
      }
      if (record.withHelp) wonWithHelp++;
      else {
        winTimeTotal += record.durationMs;
        bestTimeMs = Math.min(bestTimeMs ?? Infinity, record.durationMs);
        fewestMoves = Math.min(fewestMoves ?? Infinity, record.moves);
      }
      streak = streak > 0 ? streak + 1 : 1;
      bestWinningStreak = Math.max(bestWinningStreak, streak);
    } else {
      streak = streak < 0 ? streak - 1 : -1;
      worstLosingStreak = Math.max(worstLosingStreak, -streak);
    }
  }
  return {
    played: ordered.length,
    won,
    winRate: ordered.length === 0 ? 0 : won / ordered.length,
    currentStreak: streak,
    bestWinningStreak,
    worstLosingStreak,
    bestTimeMs,
    fewestMoves,
    averageWinTimeMs: won === wonWithHelp ? undefined : winTimeTotal / (won - wonWithHelp),
    wonWithHelp,
    winsAtPar,
    averageOverPar: overParCount === 0 ? undefined : overParTotal / overParCount,
  };
}

/** Statistics per variant (only variants with games), plus all variants together. */
export function statisticsByVariant(records: readonly GameRecord[]): { all: Statistics; perVariant: Map<string, Statistics> } {
  const groups = new Map<string, GameRecord[]>();
  for (const record of records) {
    const group = groups.get(record.variant) ?? [];
    group.push(record);
    groups.set(record.variant, group);
  }
  const perVariant = new Map<string, Statistics>();
  for (const [variant, group] of groups) perVariant.set(variant, computeStatistics(group));
  return { all: computeStatistics(records), perVariant };
}
