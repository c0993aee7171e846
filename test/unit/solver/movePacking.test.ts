import * as assert from 'node:assert/strict';
import { dealPosition } from '../../../src/engine';
import { solve } from '../../../src/solver';
import { packMoves, unpackMoves } from '../../../src/solver/movePacking';

describe('packed solver moves', () => {
  it('a solution packed and unpacked is the same list of moves', () => {
    const dealt = dealPosition('freecell', 1);
    if (!dealt.ok) throw new Error('deal');
    const moves = solve(dealt.value).moves ?? [];
    assert.ok(moves.length > 50);
    assert.deepEqual(unpackMoves(packMoves(moves)), moves);
  });

  it('keeps every pile kind, index and a run count apart', () => {
    const moves = [
      { from: { kind: 'tableau' as const, index: 9 }, to: { kind: 'tableau' as const, index: 0 }, count: 13 },
      { from: { kind: 'cell' as const, index: 7 }, to: { kind: 'foundation' as const, index: 3 }, count: 1 },
      { from: { kind: 'tableau' as const, index: 0 }, to: { kind: 'cell' as const, index: 5 }, count: 1 },
    ];
    assert.deepEqual(unpackMoves(packMoves(moves)), moves);
  });

  it('refuses a word that names no pile kind', () => {
    assert.throws(() => unpackMoves(Int32Array.of(3 | (1 << 16))), /no pile kind/);
  });

  it('packs the largest index and count it allows, and refuses larger ones', () => {
    const largest = [{ from: { kind: 'cell' as const, index: 63 }, to: { kind: 'tableau' as const, index: 63 }, count: 0x7fff }];
    assert.deepEqual(unpackMoves(packMoves(largest)), largest);
    assert.throws(() => packMoves([{ ...largest[0], count: 0x8000 }]), RangeError);
    assert.throws(() => packMoves([{ ...largest[0], from: { kind: 'cell', index: 64 } }]), RangeError);
  });
});
