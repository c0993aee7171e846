import * as assert from 'node:assert/strict';
import { computeStatistics, statisticsByVariant } from '../../../src/extension/stats/statistics';
import { sampleRecord } from './records';

const at = (minute: number): string => new Date(Date.UTC(2026, 0, 2, 0, minute)).toISOString();

describe('statistics from a history', () => {
  it('are zero for no games', () => {
    const stats = computeStatistics([]);
    assert.deepEqual(
      [stats.played, stats.won, stats.winRate, stats.currentStreak, stats.bestTimeMs, stats.fewestMoves, stats.averageWinTimeMs],
      [0, 0, 0, 0, undefined, undefined, undefined],
    );
  });

  it('count streaks in the order the games ended, whatever the order of the file', () => {
    const results = ['won', 'won', 'lost', 'abandoned', 'won', 'won', 'won', 'lost'] as const;
    const records = results.map((result, minute) => sampleRecord({ result, endedAt: at(minute) })).reverse();
    const stats = computeStatistics(records);
    assert.equal(stats.played, 8);
    assert.equal(stats.won, 5);
    assert.equal(stats.winRate, 5 / 8);
    assert.equal(stats.bestWinningStreak, 3);
    assert.equal(stats.worstLosingStreak, 2);
    assert.equal(stats.currentStreak, -1);
  });

  it('count abandoned games as losses', () => {
    const stats = computeStatistics([sampleRecord({ result: 'abandoned', endedAt: at(1) }), sampleRecord({ result: 'abandoned', endedAt: at(2) })]);
    assert.equal(stats.won, 0);
    assert.equal(stats.currentStreak, -2);
    assert.equal(stats.worstLosingStreak, 2);
  });

  it('take best time, fewest moves and the average time from wins without help only, and count help apart', () => {
    const stats = computeStatistics([
      sampleRecord({ result: 'won', durationMs: 90_000, moves: 100, endedAt: at(1) }),
      sampleRecord({ result: 'won', durationMs: 10_000, moves: 60, withHelp: true, endedAt: at(2) }),
      sampleRecord({ result: 'lost', durationMs: 5_000, moves: 10, endedAt: at(3) }),
      sampleRecord({ result: 'won', durationMs: 120_000, moves: 95, endedAt: at(4) }),
    ]);
    assert.equal(stats.bestTimeMs, 90_000);
    assert.equal(stats.fewestMoves, 95);
    assert.equal(stats.wonWithHelp, 1);
    assert.equal(stats.won, 3);
    // Not the solver's pace: the sidebar's average sat beside a best time that left it out.
    assert.equal(stats.averageWinTimeMs, (90_000 + 120_000) / 2);
    assert.equal(computeStatistics([sampleRecord({ result: 'won', withHelp: true })]).averageWinTimeMs, undefined);
  });

  it('keep streaks per variant apart, and across variants for All variants', () => {
    const records = [
      sampleRecord({ variant: 'bakers-game', result: 'won', endedAt: at(1) }),
      sampleRecord({ variant: 'freecell', result: 'lost', endedAt: at(2) }),
      sampleRecord({ variant: 'bakers-game', result: 'won', endedAt: at(3) }),
      sampleRecord({ variant: 'freecell', result: 'won', endedAt: at(4) }),
    ];
    const { all, perVariant } = statisticsByVariant(records);
    assert.equal(perVariant.get('bakers-game')?.currentStreak, 2);
    assert.equal(perVariant.get('freecell')?.currentStreak, 1);
    assert.equal(perVariant.get('freecell')?.worstLosingStreak, 1);
    assert.equal(all.bestWinningStreak, 2);
    assert.equal(all.currentStreak, 2);
    assert.equal(all.played, 4);
    assert.equal(perVariant.size, 2);
  });
});
