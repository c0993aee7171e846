import type { Bucket, ChartData, ChartFigures, ChartSeries, ChartStrings, DayCount, RatePoint, StreakRun } from '../../protocol/chartMessages';
import { formatDuration } from '../gameClock';
import { variantName } from '../i18n/variantText';
import type { Translate } from '../i18n/translate';
import type { GameRecord } from './gameRecord';
import { byEndTime, computeStatistics } from './statistics';

/** How many games the rolling win rate looks back over. */
export const ROLLING_WINDOW = 10;
/** A distribution has at most this many bars. */
export const MAX_BUCKETS = 12;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Bar widths a distribution of times may use, narrowest first. */
const TIME_WIDTHS = [5 * SECOND, 10 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR];
/** Bar widths a distribution of move counts may use, narrowest first. */
const MOVE_WIDTHS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];

/** The player's local calendar day of a moment, `YYYY-MM-DD`. */
export function localDay(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The UTC calendar day of a moment, `YYYY-MM-DD` (for tests that must not depend on the zone). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** After each game (in the order given), the share of wins among the last `window` games so far. */
export function rollingWinRate(ordered: readonly GameRecord[], window = ROLLING_WINDOW): RatePoint[] {
  let winsInWindow = 0;
  return ordered.map((record, index) => {
    if (record.result === 'won') winsInWindow++;
    const leaving = ordered[index - window];
    if (leaving?.result === 'won') winsInWindow--;
    return { game: index + 1, rate: winsInWindow / Math.min(window, index + 1), won: record.result === 'won' };
  });
}

/** Wins and losses (lost or abandoned) per calendar day the games ended, days without games left out, oldest first. */
export function perDay(records: readonly GameRecord[], dayKey: (date: Date) => string = localDay): DayCount[] {
  const days = new Map<string, { won: number; lost: number }>();
  for (const record of records) {
    const day = dayKey(new Date(record.endedAt));
    const count = days.get(day) ?? { won: 0, lost: 0 };
    if (record.result === 'won') count.won++;
    else count.lost++;
    days.set(day, count);
  }
  return [...days.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([day, { won, lost }]) => ({ day, won, lost }));
}

/**
 * Counts of `values` in bars of equal width: the narrowest of `widths` that needs at most
 * {@link MAX_BUCKETS} bars (the widest otherwise), starting at a multiple of the width below the
 * smallest value and ending with the bar that holds the largest. No values, no bars.
 */
export function distribution(values: readonly number[], widths: readonly number[], label: (from: number, to: number) => string): Bucket[] {
  if (values.length === 0) return [];
  const min = least(values);
  const max = most(values);
  const bars = (width: number): number => Math.floor(max / width) - Math.floor(min / width) + 1;
  const width = widths.find((candidate) => bars(candidate) <= MAX_BUCKETS) ?? widths[widths.length - 1];
  const start = Math.floor(min / width) * width;
  const counts = new Array<number>(bars(width)).fill(0);
  for (const value of values) counts[Math.floor((value - start) / width)]++;
  return counts.map((count, index) => {
    const from = start + index * width;
    return { from, to: from + width, label: label(from, from + width), count };
  });
}

/** Durations of wins, in bars. */
export function timeDistribution(wins: readonly GameRecord[]): Bucket[] {
  return distribution(
    wins.map((record) => record.durationMs),
    TIME_WIDTHS,
    (from, to) => `${formatDuration(from)}–${formatDuration(to)}`,
  );
}

/** Move counts of wins, in bars. */
export function moveDistribution(wins: readonly GameRecord[]): Bucket[] {
  return distribution(
    wins.map((record) => record.moves),
    MOVE_WIDTHS,
    (from, to) => (to - from === 1 ? String(from) : `${from}–${to - 1}`),
  );
}

/** The runs of wins and of losses (lost or abandoned), in the order given. */
export function streakRuns(ordered: readonly GameRecord[]): StreakRun[] {
  const runs: Array<{ won: boolean; length: number }> = [];
  for (const record of ordered) {
    const won = record.result === 'won';
    const last = runs[runs.length - 1];
    if (last?.won === won) last.length++;
    else runs.push({ won, length: 1 });
  }
  return runs;
}

/** Every figure the chart shows for one group of games (any order; sorted by end time here). */
export function chartFigures(id: string, records: readonly GameRecord[], dayKey: (date: Date) => string = localDay): ChartFigures {
  const ordered = byEndTime(records);
  // Times and moves of wins without help, as the Solitaire view's best time and fewest moves:
  // a win played by the solver is no record of the player's (it showed as the "fastest").
  const wins = ordered.filter((record) => record.result === 'won' && !record.withHelp);
  const stats = computeStatistics(ordered);
  return {
    id,
    played: stats.played,
    won: stats.won,
    window: ROLLING_WINDOW,
    rolling: rollingWinRate(ordered),
    days: perDay(ordered, dayKey),
    times: timeDistribution(wins),
    moves: moveDistribution(wins),
    streaks: streakRuns(ordered),
    currentStreak: stats.currentStreak,
    bestWinningStreak: stats.bestWinningStreak,
    worstLosingStreak: stats.worstLosingStreak,
  };
}

/** The smallest value (no spread: a long history would overflow the call stack). */
function least(values: readonly number[]): number {
  return values.reduce((a, b) => Math.min(a, b), Infinity);
}

function most(values: readonly number[]): number {
  return values.reduce((a, b) => Math.max(a, b), -Infinity);
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The words of the chart page. */
export function chartStrings(t: Translate): ChartStrings {
  return {
    title: t('Statistics Chart'),
    variant: t('Variant'),
    empty: t('No games yet. Finish a game, won or lost, and its result appears here.'),
    rollingTitle: t('Win rate over the last {0} games', ROLLING_WINDOW),
    daysTitle: t('Wins and losses per day'),
    timesTitle: t('Times of wins without help'),
    movesTitle: t('Moves of wins without help'),
    streaksTitle: t('Streaks'),
    showTable: t('Show as a table'),
    game: t('Game'),
    winRate: t('Win rate'),
    day: t('Day'),
    won: t('Won'),
    lost: t('Lost'),
    time: t('Time'),
    moves: t('Moves'),
    wins: t('Wins'),
    streak: t('Streak'),
    noWins: t('No wins yet.'),
  };
}

function streakText(streak: number, t: Translate): string {
  if (streak > 0) return t('{0} won', streak);
  if (streak < 0) return t('{0} lost', -streak);
  return '–';
}

/** One group's figures with its name and a sentence per chart. */
export function chartSeries(id: string, name: string, records: readonly GameRecord[], t: Translate, dayKey: (date: Date) => string = localDay): ChartSeries {
  const figures = chartFigures(id, records, dayKey);
  const wins = records.filter((record) => record.result === 'won' && !record.withHelp);
  const lastRate = figures.rolling[figures.rolling.length - 1]?.rate ?? 0;
  const busiest = figures.days.reduce<DayCount | undefined>((best, day) => (!best || day.won + day.lost > best.won + best.lost ? day : best), undefined);
  const times = wins.map((record) => record.durationMs);
  const moves = wins.map((record) => record.moves);
  const noWins = t('No wins without help yet.');
  return {
    ...figures,
    name,
    summaries: {
      rolling: t(
        'Win rate over the last games ({0}): {1}; over all games ({2}): {3}.',
        Math.min(figures.window, figures.played),
        percent(lastRate),
        figures.played,
        percent(figures.played === 0 ? 0 : figures.won / figures.played),
      ),
      days: busiest
        ? t('Days with games: {0}; the busiest, {1}: {2} won, {3} lost.', figures.days.length, busiest.day, busiest.won, busiest.lost)
        : t('No games yet.'),
      times:
        times.length === 0
          ? noWins
          : t('Wins: {0}; fastest {1}, median {2}, slowest {3}.', times.length, formatDuration(least(times)), formatDuration(median(times)), formatDuration(most(times))),
      moves:
        moves.length === 0
          ? noWins
          : t('Wins: {0}; fewest moves {1}, median {2}, most {3}.', moves.length, least(moves), median(moves), most(moves)),
      streaks: t(
        'Current streak: {0}; best winning streak: {1}; worst losing streak: {2}.',
        streakText(figures.currentStreak, t),
        figures.bestWinningStreak,
        figures.worstLosingStreak,
      ),
    },
  };
}

/**
 * What the chart page shows: all variants together first, then each variant played (most
 * played first); no series at all when the history is empty.
 */
export function chartData(records: readonly GameRecord[], t: Translate, dayKey: (date: Date) => string = localDay): ChartData {
  const strings = chartStrings(t);
  if (records.length === 0) return { series: [], strings };
  const groups = new Map<string, GameRecord[]>();
  for (const record of records) {
    const group = groups.get(record.variant) ?? [];
    group.push(record);
    groups.set(record.variant, group);
  }
  const variants = [...groups.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  return {
    series: [
      chartSeries('all', t('All variants'), records, t, dayKey),
      ...variants.map(([variant, group]) => chartSeries(variant, variantName(variant, t), group, t, dayKey)),
    ],
    strings,
  };
}
