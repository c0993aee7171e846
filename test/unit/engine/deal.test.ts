import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  dealPosition,
  formatCard,
  microsoftShuffle,
  parseDealNumber,
  randomDealNumber,
  rankOf,
  seededRandom,
  MAX_DEAL_NUMBER,
  VARIANTS,
  type Position,
} from '../../../src/engine';

function dealt(variant: string, n: number): Position {
  const result = dealPosition(variant, n);
  assert.ok(result.ok, `deal ${n} of ${variant}`);
  return result.value;
}

const text = (cards: readonly number[]): string => cards.map(formatCard).join(' ');
const columnLines = (position: Position): string[] => position.columns.map(text);

describe('engine/deal', () => {
  describe('8-column layouts (Microsoft FreeCell deals)', () => {
    const known: Array<[number, number, string]> = [
      [1, 0, 'JD KD 2S 4C 3S 6D 6S'],
      [1, 7, '5H 3H 3C 7S 7D TC'],
      [617, 0, '7D TD TH KD 4C 4S JD'],
      [617, 7, 'AH KH TC JS 2S QH'],
      [11982, 0, 'AH 3D KD JC 6C JD KC'],
      [11982, 7, 'JS KS 3C 7C 7S 5H'],
    ];
    for (const [n, column, expected] of known) {
      it(`deal #${n} column ${column + 1} is ${expected}`, () => {
        assert.equal(text(dealt('bakers-game', n).columns[column]), expected);
      });
    }

    it('deals 7,7,7,7,6,6,6,6 with empty cells and foundations for every 8-column variant', () => {
      for (const variant of VARIANTS.filter((v) => v.layout === 'eight-columns')) {
        const position = dealt(variant.id, 1);
        assert.deepEqual(position.columns.map((c) => c.length), [7, 7, 7, 7, 6, 6, 6, 6], variant.id);
        assert.deepEqual(position.cells, Array(variant.cells).fill(null), variant.id);
        assert.deepEqual(position.foundations, [[], [], [], []], variant.id);
        assert.deepEqual(columnLines(position), columnLines(dealt('freecell', 1)), variant.id);
      }
    });
  });

  it('Eight Off #1: 8 columns of 6, 6S 9C 2H 6H in cells 1, 3, 5, 7', () => {
    const position = dealt('eight-off', 1);
    assert.deepEqual(position.columns.map((c) => c.length), Array(8).fill(6));
    assert.deepEqual(position.cells.map((c) => (c === null ? '-' : formatCard(c))), ['6S', '-', '9C', '-', '2H', '-', '6H', '-']);
    assert.equal(text(position.columns[0]), 'JD KD 2S 4C 3S 6D');
  });

  it('Seahaven #1: 10 columns of 5, 2H 6H in cells 2 and 3, column 1 JD 9S JS 4D 6D', () => {
    const position = dealt('seahaven', 1);
    assert.deepEqual(position.columns.map((c) => c.length), Array(10).fill(5));
    assert.deepEqual(position.cells.map((c) => (c === null ? '-' : formatCard(c))), ['-', '2H', '6H', '-']);
    assert.equal(text(position.columns[0]), 'JD 9S JS 4D 6D');
  });

  const kingLayouts: Array<[string, number, number]> = [
    ['bakers-dozen', 13, 4],
    ['bakers-dozen-easy', 13, 4],
    ['spanish-patience', 13, 4],
    ['good-measure', 10, 5],
  ];
  for (const [variant, columns, height] of kingLayouts) {
    it(`${variant}: ${columns} columns of ${height}, every King below every other card of its column, over 200 deals`, () => {
      for (let n = 1; n <= 200; n++) {
        const position = dealt(variant, n);
        assert.deepEqual(position.columns.map((c) => c.length), Array(columns).fill(height));
        for (const column of position.columns) {
          const firstOther = column.findIndex((card) => rankOf(card) !== 13);
          assert.ok(firstOther === -1 || column.slice(firstOther).every((card) => rankOf(card) !== 13), `deal ${n}: ${text(column)}`);
        }
      }
    });
  }

  it("Baker's Dozen #1: round-robin into 13 columns, then Kings to the bottom keeping their order", () => {
    const order = microsoftShuffle(1);
    const raw = Array.from({ length: 13 }, (_, c) => order.filter((_card, k) => k % 13 === c));
    const position = dealt('bakers-dozen', 1);
    // Column 1 is dealt JD (k=0), QC (13), TS (26), 7D (39): no King, unchanged.
    assert.equal(text(raw[0]), 'JD QC TS 7D');
    assert.equal(text(position.columns[0]), 'JD QC TS 7D');
    // Column 2 is dealt 2D KH QH 6D: the King goes under the 2D.
    assert.equal(text(raw[1]), '2D KH QH 6D');
    assert.equal(text(position.columns[1]), 'KH 2D QH 6D');
    // Column 10 is dealt KC AH TH 6S... and column 9 KD AS 4S TC: Kings already at the bottom stay.
    assert.equal(text(position.columns[8]), 'KD AS 4S TC');
  });

  it('Good Measure #1: the first two Aces dealt (AD, AS) start the foundations, 50 cards in 10 columns', () => {
    const position = dealt('good-measure', 1);
    assert.deepEqual(position.foundations.map((pile) => text(pile)), ['', 'AD', '', 'AS']);
    assert.equal(position.columns.flat().length, 50);
    // The 50 others go round-robin; column 4 was dealt JC KH 5C TH 3D and its King went down.
    assert.equal(text(position.columns[3]), 'KH JC 5C TH 3D');
  });

  it('refuses unknown variants and deal numbers out of range or not whole', () => {
    const bad: Array<[string, number, string]> = [
      ['bakers-game', 0, 'bad-deal-number'],
      ['bakers-game', -5, 'bad-deal-number'],
      ['bakers-game', 1.5, 'bad-deal-number'],
      ['bakers-game', MAX_DEAL_NUMBER + 1, 'bad-deal-number'],
      ['bakers-game', Number.NaN, 'bad-deal-number'],
      ['klondike', 1, 'unknown-variant'],
    ];
    for (const [variant, n, code] of bad) {
      const result = dealPosition(variant, n);
      assert.equal(result.ok, false, `${variant} ${n}`);
      if (!result.ok) assert.equal(result.refusal.code, code);
    }
    assert.equal(dealPosition('bakers-game', MAX_DEAL_NUMBER).ok, true);
  });

  it('parses typed deal numbers', () => {
    const cases: Array<[string, number | undefined]> = [
      ['617', 617],
      [' 11982 ', 11982],
      ['1,000,000', 1000000],
      ['#617', 617],
      [' # 12 ', 12],
      ['##12', undefined],
      ['12#', undefined],
      ['8589934591', MAX_DEAL_NUMBER],
      ['8589934592', undefined],
      ['0', undefined],
      ['-1', undefined],
      ['1e3', undefined],
      ['12.0', undefined],
      ['', undefined],
    ];
    for (const [input, expected] of cases) {
      const result = parseDealNumber(input);
      assert.equal(result.ok ? result.value : undefined, expected, input);
      if (!result.ok) assert.equal(result.refusal.code, 'bad-deal-number');
    }
  });

  it('randomDealNumber stays in range and uses its source', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 1000; i++) {
      const n = randomDealNumber(random);
      assert.ok(Number.isInteger(n) && n >= 1 && n <= MAX_DEAL_NUMBER, String(n));
    }
    assert.equal(randomDealNumber(() => 0), 1);
    // Two draws of 26 bits each, high then low, taken modulo the range: exact values.
    const draws = (...values: number[]) => () => values.shift()!;
    assert.equal(randomDealNumber(draws(0, 0.5)), 2 ** 25 + 1, 'the second draw is the low part');
    assert.equal(randomDealNumber(draws(0.5, 0)), 2 ** 51 % MAX_DEAL_NUMBER + 1, 'the first draw is the high part');
    assert.equal(randomDealNumber(draws(127 / 2 ** 26, (2 ** 26 - 2) / 2 ** 26)), MAX_DEAL_NUMBER, 'the highest number can come');
    // The top of both draws is 2^52 - 1, which is 2^19 - 1 modulo 2^33 - 1.
    assert.equal(randomDealNumber(() => 0.999999999999), 2 ** 19);
    assert.equal(randomDealNumber(draws(0, 0.5), 32000), 2 ** 25 % 32000 + 1, 'a smaller range');
    for (let i = 0; i < 200; i++) assert.ok(randomDealNumber(random, 32000) <= 32000);
  });

  describe("against Debian's make-microsoft-freecell-board", () => {
    const numbers: number[] = [1, 2, 617, 11982, 32000, 1000000, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 3e9, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 32 + 11982, MAX_DEAL_NUMBER - 1, MAX_DEAL_NUMBER];
    const random = seededRandom(20240601);
    // Even spread over the three ranges the generator treats differently.
    for (const [low, high] of [[1, 2 ** 31 - 1], [2 ** 31, 2 ** 32 - 1], [2 ** 32, MAX_DEAL_NUMBER]] as const) {
      for (let i = 0; i < 80; i++) numbers.push(low + Math.floor(random() * (high - low + 1)));
    }

    it(`matches all ${numbers.length} deals spread over 1..8,589,934,591`, function () {
      this.timeout(20000);
      try {
        execFileSync('sh', ['-c', 'command -v make-microsoft-freecell-board'], { stdio: 'pipe' });
      } catch {
        assert.fail("make-microsoft-freecell-board is missing: install Debian's freecell-solver-bin (apt-get install freecell-solver-bin)");
      }
      const output = execFileSync('sh', ['-c', 'for n in "$@"; do make-microsoft-freecell-board -t "$n"; echo "=="; done', 'sh', ...numbers.map(String)], {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      const boards = output.split('==\n');
      assert.equal(boards.length, numbers.length + 1);
      numbers.forEach((n, i) => {
        const expected = boards[i].split('\n').map((line) => line.trim()).filter(Boolean);
        assert.deepEqual(columnLines(dealt('freecell', n)), expected, `deal ${n}`);
      });
    });
  });
});
