import * as assert from 'node:assert/strict';
import {
  describeRefusal,
  formatMove,
  formatMoves,
  formatStandardMove,
  formatStandardMoves,
  parseMove,
  parseMoves,
  parseStandardMove,
  parseStandardMoves,
  type Move,
  type VariantId,
} from '../../../src/engine';
import { position } from './fixtures';

const t = (index: number) => ({ kind: 'tableau', index }) as const;
const c = (index: number) => ({ kind: 'cell', index }) as const;
const f = (index: number) => ({ kind: 'foundation', index }) as const;

describe('engine/notation', () => {
  describe('long notation', () => {
    const written: Array<[Move, VariantId, string]> = [
      [{ from: t(2), to: t(7), count: 1 }, 'bakers-game', 't3-t8'],
      [{ from: t(2), to: t(7), count: 4 }, 'bakers-game', '4:t3-t8'],
      [{ from: t(2), to: c(0), count: 1 }, 'bakers-game', 't3-c1'],
      [{ from: c(0), to: t(4), count: 1 }, 'bakers-game', 'c1-t5'],
      [{ from: t(2), to: f(2), count: 1 }, 'bakers-game', 't3-f'],
      [{ from: c(0), to: f(0), count: 1 }, 'freecell', 'c1-f'],
      [{ from: t(2), to: f(1), count: 1 }, 'spanish-patience', 't3-f2'],
      [{ from: t(12), to: t(9), count: 1 }, 'bakers-dozen', 't13-t10'],
    ];
    for (const [move, variant, token] of written) {
      it(`${variant}: writes ${token}`, () => assert.equal(formatMove(move, variant), token));
    }

    const read: Array<[string, object]> = [
      ['t3-t8', { from: t(2), to: t(7), count: 1 }],
      ['4:t3-t8', { from: t(2), to: t(7), count: 4 }],
      ['T3-C1', { from: t(2), to: c(0), count: 1 }],
      ['c1-t5', { from: c(0), to: t(4), count: 1 }],
      ['t3-f', { from: t(2), to: { kind: 'foundation' }, count: 1 }],
      ['t3-c', { from: t(2), to: { kind: 'cell' }, count: 1 }],
      ['t3-f2', { from: t(2), to: f(1), count: 1 }],
      ['t13-t10', { from: t(12), to: t(9), count: 1 }],
    ];
    for (const [token, request] of read) {
      it(`reads ${token}`, () => assert.deepEqual(parseMove(token), { ok: true, value: request }));
    }

    for (const token of ['t0-t1', 't3', 't3-t', 'x3-t1', '0:t1-t2', 't1-t2-t3', '3t-8t', '', '38']) {
      it(`refuses ${JSON.stringify(token)} with bad-notation`, () => {
        const result = parseMove(token);
        assert.deepEqual(result, { ok: false, refusal: { code: 'bad-notation', params: { token } } });
      });
    }

    it('reads and writes lists, naming the index and token of the first bad one', () => {
      const parsed = parseMoves(' t1-t2\n4:t3-t8  c1-f ');
      assert.ok(parsed.ok);
      assert.equal(parsed.value.length, 3);
      const bad = parseMoves('t1-t2 t3-x4 t5-t6');
      assert.deepEqual(bad, { ok: false, refusal: { code: 'bad-notation', params: { index: 2, token: 't3-x4' } } });
      if (!bad.ok) assert.equal(describeRefusal(bad.refusal), 'move 2: "t3-x4" is not a move (write moves like t3-t8, t3-c1, c1-f or 4:t3-t8)');
      assert.equal(formatMoves([{ from: t(0), to: t(1), count: 1 }, { from: c(1), to: f(3), count: 1 }], 'bakers-game'), 't1-t2 c2-f');
    });
  });

  describe('standard FreeCell notation', () => {
    const written: Array<[Move, string]> = [
      [{ from: t(2), to: t(7), count: 1 }, '38'],
      [{ from: t(2), to: t(7), count: 3 }, '38'],
      [{ from: t(2), to: c(0), count: 1 }, '3a'],
      [{ from: c(0), to: t(7), count: 1 }, 'a8'],
      [{ from: t(0), to: f(2), count: 1 }, '1h'],
      [{ from: c(3), to: f(0), count: 1 }, 'dh'],
    ];
    for (const [move, token] of written) {
      it(`writes ${token}`, () => assert.deepEqual(formatStandardMove(move, 'freecell'), { ok: true, value: token }));
    }

    it('names the tenth column 0 and the fourth cell d (Seahaven)', () => {
      assert.deepEqual(formatStandardMove({ from: t(9), to: c(3), count: 1 }, 'seahaven'), { ok: true, value: '0d' });
    });

    for (const variant of ['bakers-dozen', 'eight-off', 'spanish-patience'] as const) {
      it(`refuses to write or read ${variant} (notation-cannot-express)`, () => {
        const written = formatStandardMoves([{ from: t(0), to: t(1), count: 1 }], variant);
        assert.equal(written.ok ? 'ok' : written.refusal.code, 'notation-cannot-express');
        const rules = { 'bakers-dozen': 13, 'eight-off': 8, 'spanish-patience': 13 }[variant];
        const start = position(variant, Array<string>(rules).fill('KD'), variant === 'eight-off' ? Array<null>(8).fill(null) : []);
        const read = parseStandardMove('12', start);
        assert.equal(read.ok ? 'ok' : read.refusal.code, 'notation-cannot-express');
      });
    }

    it('reads moves against the position, working out the run length', () => {
      const start = position('freecell', ['9S 8H 7S', 'TD', 'KC', '4H', '', 'QD', '7C', 'AH'], ['6D', null, null, null]);
      const cases: Array<[string, Move]> = [
        ['12', { from: t(0), to: t(1), count: 3 }],
        ['15', { from: t(0), to: t(4), count: 3 }],
        ['1b', { from: t(0), to: c(1), count: 1 }],
        ['a7', { from: c(0), to: t(6), count: 1 }],
        ['8h', { from: t(7), to: f(2), count: 1 }],
        ['63', { from: t(5), to: t(2), count: 1 }],
      ];
      for (const [token, move] of cases) assert.deepEqual(parseStandardMove(token, start), { ok: true, value: move }, token);
      const refused = parseStandardMove('13', start);
      assert.equal(refused.ok ? 'ok' : refused.refusal.code, 'build-alternate-colour');
      const bad = parseStandardMove('1x', start);
      assert.equal(bad.ok ? 'ok' : bad.refusal.code, 'bad-notation');
    });

    it('reads a list, playing each move to read the next', () => {
      const start = position('freecell', ['AH', '2H', 'KC', 'KD', 'KH', 'KS', 'QD', 'QC'], [null, null, null, null]);
      const moves = parseStandardMoves('1h 2h 7b', start);
      assert.ok(moves.ok, JSON.stringify(moves));
      assert.deepEqual(formatStandardMoves(moves.value, 'freecell'), { ok: true, value: '1h 2h 7b' });
      const failed = parseStandardMoves('1h 1h', start);
      assert.ok(!failed.ok);
      assert.equal(failed.refusal.code, 'empty-source');
      assert.equal(describeRefusal(failed.refusal), 'move 2 "1h": column 1 is empty');
    });
  });
});
