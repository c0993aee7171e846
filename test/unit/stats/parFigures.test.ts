import * as assert from 'node:assert/strict';
import { computeStatistics } from '../../../src/extension/stats/statistics';
import { sampleRecord } from './records';

describe('par in the statistics', () => {
  it('counts wins at par or better, and averages moves over par of wins without help', () => {
    const stats = computeStatistics([
      sampleRecord({ moves: 80, par: 87 }),
      sampleRecord({ moves: 87, par: 87 }),
      sampleRecord({ moves: 100, par: 90 }),
      sampleRecord({ moves: 70, par: 90, withHelp: true }),
      sampleRecord({ moves: 120, par: null }),
      sampleRecord({ moves: 95 }),
      sampleRecord({ moves: 50, par: 90, result: 'abandoned' }),
    ]);
    assert.equal(stats.winsAtPar, 3);
    // (80 − 87 + 87 − 87 + 100 − 90) / 3: the help win, the unknown pars and the loss are left out.
    assert.equal(stats.averageOverPar, 1);
  });

  it('says nothing of par when no par is known', () => {
    const stats = computeStatistics([sampleRecord({ moves: 80 })]);
    assert.equal(stats.winsAtPar, 0);
    assert.equal(stats.averageOverPar, undefined);
  });
});
