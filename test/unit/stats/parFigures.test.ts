import * as assert from 'node:assert/strict';
import { computeStatistics } from '../../../src/extension/stats/statistics';
import { sampleRecord } from './records';

describe('par in the statistics', () => {
  it('counts wins without help at par or better, and averages their moves over par', () => {
    const stats = computeStatistics([
      sampleRecord({ moves: 80, par: 87 }),
      sampleRecord({ moves: 87, par: 87 }),
      sampleRecord({ moves: 100, par: 90 }),
      sampleRecord({ moves: 70, par: 90, withHelp: true }),
      sampleRecord({ moves: 120, par: null }),
      sampleRecord({ moves: 95 }),
      sampleRecord({ moves: 50, par: 90, result: 'abandoned' }),
    ]);
    // 80 and 87 at a par of 87; the help win at 70 (par 90) followed the solver, par itself.
    assert.equal(stats.winsAtPar, 2);
    // (80 − 87 + 87 − 87 + 100 − 90) / 3: the help win, the unknown pars and the loss are left out.
    assert.equal(stats.averageOverPar, 1);
  });

  it('says nothing of par when no par is known', () => {
    const stats = computeStatistics([sampleRecord({ moves: 80 })]);
    assert.equal(stats.winsAtPar, 0);
    assert.equal(stats.averageOverPar, undefined);
  });
});
