import * as assert from 'node:assert/strict';
import { callgrindTotal, countInstructions } from '../../bench/instructions';

describe('bench:solver --instructions', () => {
  it('reads the total of a callgrind summary', () => {
    const stderr = '==576== Events    : Ir\n==576== Collected : 3672949063\n==576==\n==576== I   refs:      3,672,949,063\n';
    assert.equal(callgrindTotal(stderr, 576), 3672949063);
  });

  it('takes the total of the process it ran, not of a child or of the program\'s own output', () => {
    const stderr = '==577== Collected : 1000\nmy log: ==576== Collected : 5\n==576== Collected : 3672949063\n';
    assert.equal(callgrindTotal(stderr, 576), 3672949063);
  });

  it('finds no total where valgrind printed none', () => {
    assert.equal(callgrindTotal('valgrind: command not found\n', 12), undefined);
    assert.equal(callgrindTotal('==12== Collected : \n', 12), undefined);
  });

  it('answers a command that cannot run with an error, not a count or a throw', () => {
    const counted = countInstructions('/nonexistent/bakers-game-bench-command', []);
    assert.ok('error' in counted);
  });
});
