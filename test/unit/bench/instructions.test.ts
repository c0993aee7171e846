import * as assert from 'node:assert/strict';
import { callgrindTotal, countInstructions } from '../../bench/instructions';

describe('bench:solver --instructions', () => {
  it('reads the total of a callgrind summary', () => {
    const stderr = '==576== Events    : Ir\n==576== Collected : 3672949063\n==576==\n==576== I   refs:      3,672,949,063\n';
    assert.equal(callgrindTotal(stderr), 3672949063);
  });

  it('finds no total where valgrind printed none', () => {
    assert.equal(callgrindTotal('valgrind: command not found\n'), undefined);
    assert.equal(callgrindTotal('==12== Collected : \n'), undefined);
  });

  it('answers a command that cannot run with an error, not a count or a throw', () => {
    const counted = countInstructions('/nonexistent/bakers-game-bench-command', []);
    assert.ok('error' in counted);
  });
});
