import * as assert from 'node:assert/strict';
import { GameClock, formatDuration } from '../../../src/extension/gameClock';

describe('GameClock', () => {
  it('counts only while running, and keeps what it counted', () => {
    let now = 1000;
    const clock = new GameClock(500, () => now);
    assert.equal(clock.elapsedMillis(), 500);
    clock.start();
    now += 2000;
    assert.equal(clock.elapsedMillis(), 2500);
    clock.pause();
    now += 10_000;
    assert.equal(clock.elapsedMillis(), 2500);
    clock.start();
    clock.start();
    now += 1000;
    assert.equal(clock.elapsedMillis(), 3500);
    clock.reset();
    assert.equal(clock.elapsedMillis(), 0);
    assert.equal(clock.running, false);
  });

  it('formats durations as players read them', () => {
    assert.equal(formatDuration(0), '0:00');
    assert.equal(formatDuration(65_400), '1:05');
    assert.equal(formatDuration(3_723_000), '1:02:03');
    assert.equal(formatDuration(-5), '0:00');
  });
});
