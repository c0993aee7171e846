import * as assert from 'node:assert/strict';
import {
  chartData,
  chartFigures,
  distribution,
  moveDistribution,
  perDay,
  rollingWinRate,
  streakRuns,
  timeDistribution,
  utcDay,
} from '../../../src/extension/stats/chartData';
import type { GameRecord } from '../../../src/extension/stats/gameRecord';
import { englishOnly } from '../../../src/extension/i18n/translate';
import { sampleRecord } from './records';

/** Day `day` of January 2026, `hour` o'clock UTC. */
const at = (day: number, hour = 12, minute = 0): string => new Date(Date.UTC(2026, 0, day, hour, minute)).toISOString();

/** W = won, L = lost, A = abandoned; one game a minute on 2 January. */
function games(pattern: string, overrides: Partial<GameRecord> = {}): GameRecord[] {
  const result = { W: 'won', L: 'lost', A: 'abandoned' } as const;
  return [...pattern].map((letter, minute) => sampleRecord({ result: result[letter as 'W' | 'L' | 'A'], endedAt: at(2, 10, minute), ...overrides }));
}

describe('chart data from a history', () => {
  it('rolling win rate: wins among the last N games after each game, fewer at the start', () => {
    const rates = rollingWinRate(games('WWLWLLLW'), 4).map((point) => point.rate);
    assert.deepEqual(rates, [1, 1, 2 / 3, 3 / 4, 2 / 4, 1 / 4, 1 / 4, 1 / 4]);
    assert.deepEqual(rollingWinRate(games('WL'), 4).map((p) => [p.game, p.won]), [[1, true], [2, false]]);
  });

  it('rolling win rate follows the order the games ended, not the file order', () => {
    const ordered = games('LLWW');
    const figures = chartFigures('all', [...ordered].reverse());
    assert.deepEqual(figures.rolling.map((p) => p.won), [false, false, true, true]);
    assert.deepEqual(figures.rolling.map((p) => p.rate), [0, 0, 1 / 3, 2 / 4]);
  });

  it('counts wins and losses per day (abandoned counts as lost), oldest first, days without games left out', () => {
    const records = [
      sampleRecord({ result: 'won', endedAt: at(5, 9) }),
      sampleRecord({ result: 'lost', endedAt: at(3, 23, 59) }),
      sampleRecord({ result: 'won', endedAt: at(3, 0, 1) }),
      sampleRecord({ result: 'abandoned', endedAt: at(5, 20) }),
      sampleRecord({ result: 'won', endedAt: at(5, 21) }),
    ];
    assert.deepEqual(perDay(records, utcDay), [
      { day: '2026-01-03', won: 1, lost: 1 },
      { day: '2026-01-05', won: 2, lost: 1 },
    ]);
  });

  it('distributes values into at most 12 bars of a round width, starting below the smallest', () => {
    const bars = distribution([3, 7, 12, 12, 29], [1, 2, 5, 10], (from, to) => `${from}-${to}`);
    assert.deepEqual(bars.map((b) => [b.from, b.to, b.count]), [[0, 5, 1], [5, 10, 1], [10, 15, 2], [15, 20, 0], [20, 25, 0], [25, 30, 1]]);
    assert.equal(bars.reduce((sum, b) => sum + b.count, 0), 5);
    assert.deepEqual(distribution([], [1], String), []);
    assert.deepEqual(distribution([4, 4], [1, 2], (from) => String(from)).map((b) => [b.label, b.count]), [['4', 2]]);
  });

  it('distributes the times and the moves of wins without help only, with printed ranges', () => {
    const records = [
      sampleRecord({ result: 'won', durationMs: 65_000, moves: 84 }),
      sampleRecord({ result: 'won', durationMs: 250_000, moves: 97 }),
      sampleRecord({ result: 'won', durationMs: 130_000, moves: 91, withHelp: true }),
      sampleRecord({ result: 'lost', durationMs: 9_000_000, moves: 3 }),
    ];
    const figures = chartFigures('all', records);
    assert.deepEqual(figures.times.map((b) => [b.label, b.count]), [['1:00–1:30', 1], ['1:30–2:00', 0], ['2:00–2:30', 0], ['2:30–3:00', 0], ['3:00–3:30', 0], ['3:30–4:00', 0], ['4:00–4:30', 1]]);
    assert.deepEqual(figures.moves.map((b) => [b.label, b.count]), [['84–85', 1], ['86–87', 0], ['88–89', 0], ['90–91', 0], ['92–93', 0], ['94–95', 0], ['96–97', 1]]);
    assert.deepEqual(timeDistribution([]), []);
    assert.deepEqual(moveDistribution([sampleRecord({ moves: 7 })]).map((b) => b.label), ['7']);
  });

  it('finds the streaks: runs of wins and of losses in the order the games ended', () => {
    assert.deepEqual(streakRuns(games('WWLAWWWL')), [
      { won: true, length: 2 },
      { won: false, length: 2 },
      { won: true, length: 3 },
      { won: false, length: 1 },
    ]);
    const figures = chartFigures('all', games('WWLAWWWL'));
    assert.deepEqual([figures.currentStreak, figures.bestWinningStreak, figures.worstLosingStreak], [-1, 3, 2]);
    assert.deepEqual(streakRuns([]), []);
  });

  it('gives all variants first, then each variant by games played, with names and a sentence per chart', () => {
    const records = [
      ...games('WWL', { variant: 'freecell', durationMs: 120_000, moves: 90 }),
      ...games('L', { variant: 'bakers-dozen' }),
    ];
    const data = chartData(records, englishOnly, utcDay);
    assert.deepEqual(data.series.map((s) => [s.id, s.name, s.played, s.won]), [
      ['all', 'All variants', 4, 2],
      ['freecell', 'FreeCell', 3, 2],
      ['bakers-dozen', "Baker's Dozen", 1, 0],
    ]);
    const [, freecell, dozen] = data.series;
    assert.equal(freecell.summaries.rolling, 'Win rate over the last games (3): 67%; over all games (3): 67%.');
    assert.equal(freecell.summaries.days, 'Days with games: 1; the busiest, 2026-01-02: 2 won, 1 lost.');
    assert.equal(freecell.summaries.times, 'Wins: 2; fastest 2:00, median 2:00, slowest 2:00.');
    assert.equal(freecell.summaries.moves, 'Wins: 2; fewest moves 90, median 90, most 90.');
    assert.equal(freecell.summaries.streaks, 'Current streak: 1 lost; best winning streak: 2; worst losing streak: 1.');
    assert.equal(dozen.summaries.times, 'No wins without help yet.');
    assert.equal(data.strings.rollingTitle, 'Win rate over the last 10 games');
  });

  it('charts the times and moves of wins without help only, as the Solitaire view takes best time and fewest moves', () => {
    // A win played by the solver showed as the chart's "fastest" beside a sidebar that left it out.
    const records = [
      ...games('W', { variant: 'freecell', durationMs: 120_000, moves: 90 }),
      ...games('W', { variant: 'freecell', durationMs: 22_000, moves: 65, withHelp: true }),
    ];
    const [all] = chartData(records, englishOnly, utcDay).series;
    assert.equal(all.summaries.times, 'Wins: 1; fastest 2:00, median 2:00, slowest 2:00.');
    assert.equal(all.summaries.moves, 'Wins: 1; fewest moves 90, median 90, most 90.');
    assert.equal(all.times.reduce((sum, bucket) => sum + bucket.count, 0), 1);
    assert.equal(all.moves.reduce((sum, bucket) => sum + bucket.count, 0), 1);
    assert.equal(all.won, 2, 'both count as wins');
  });

  it('has no series for an empty history, but the words for the friendly message', () => {
    const data = chartData([], englishOnly);
    assert.deepEqual(data.series, []);
    assert.match(data.strings.empty, /No games yet/);
  });
});
