import * as assert from 'node:assert/strict';
import { dealPosition, describeRefusal, formatBoard, parseBoard, samePosition, VARIANTS, type Position } from '../../../src/engine';
import { DEAL_1 } from './fixtures';

function dealt(variant: string, n: number): Position {
  const result = dealPosition(variant, n);
  assert.ok(result.ok);
  return result.value;
}

describe('engine/boardText', () => {
  it("writes Baker's Game #1 in fc-solve's format", () => {
    assert.equal(formatBoard(dealt('bakers-game', 1)), ['Foundations: H-0 C-0 D-0 S-0', 'Freecells: - - - -', ...DEAL_1, ''].join('\n'));
  });

  it('writes Good Measure foundations and no Freecells line, Spanish piles with commas, empty columns as ":"', () => {
    const good = formatBoard(dealt('good-measure', 1)).split('\n');
    assert.equal(good[0], 'Foundations: H-0 C-0 D-A S-A');
    assert.ok(!good.some((line) => line.startsWith('Freecells')));
    const spanish: Position = {
      ...dealt('spanish-patience', 1),
      columns: [[], ...dealt('spanish-patience', 1).columns.slice(1)],
    };
    // Not a legal position (cards are missing), but the writer does not care.
    assert.equal(formatBoard(spanish).split('\n')[1], ':');
  });

  for (const variant of VARIANTS) {
    it(`${variant.id}: deals 1, 617 and 11982 read back the same`, () => {
      for (const n of [1, 617, 11982]) {
        const position = dealt(variant.id, n);
        const parsed = parseBoard(formatBoard(position), variant.id);
        assert.ok(parsed.ok, JSON.stringify(parsed));
        assert.ok(samePosition(parsed.value, position));
      }
    });
  }

  it("reads make-microsoft-freecell-board's output as it is (no header lines), 10 for ten, lower case, ': ' prefixes", () => {
    const plain = parseBoard(DEAL_1.join('\n') + '\n', 'freecell');
    assert.ok(plain.ok);
    assert.ok(samePosition(plain.value, dealt('freecell', 1)));
    const loose = ['foundations: h-0 c-0 d-0 s-0', 'FC: - -- - -', ...DEAL_1.map((line) => `: ${line.replace(/T/g, '10').toLowerCase()}`)].join('\r\n');
    const parsed = parseBoard(loose, 'freecell');
    assert.ok(parsed.ok, JSON.stringify(parsed));
    assert.ok(samePosition(parsed.value, dealt('freecell', 1)));
  });

  it('reads foundations, cells and fewer columns than the layout (the rest are empty)', () => {
    const text = ['Foundations: H-K C-K D-K S-T', 'Freecells: QS - KS -', 'JS'].join('\n');
    const parsed = parseBoard(text, 'bakers-game');
    assert.ok(parsed.ok, JSON.stringify(parsed));
    assert.equal(parsed.value.columns.length, 8);
    assert.deepEqual(parsed.value.foundations.map((pile) => pile.length), [13, 13, 13, 10]);
    assert.equal(formatBoard(parsed.value), ['Foundations: H-K C-K D-K S-T', 'Freecells: QS - KS -', 'JS', ':', ':', ':', ':', ':', ':', ':', ''].join('\n'));
  });

  const withLine = (lineIndex: number, replacement: string): string =>
    ['Foundations: H-0 C-0 D-0 S-0', 'Freecells: - - - -', ...DEAL_1].map((line, i) => (i === lineIndex ? replacement : line)).join('\n');

  const bad: Array<[string, string, string, string, Record<string, string | number>, string]> = [
    ['a bad card', withLine(2, 'JD KD 2S 4C 3S 6D 6X'), 'bakers-game', 'board-bad-card', { line: 3, token: '6X' }, 'line 3: "6X" is not a card'],
    ['a bad foundation', withLine(0, 'Foundations: H-0 C-0 D-Z S-0'), 'bakers-game', 'board-bad-foundation', { line: 1, token: 'D-Z' }, 'line 1: "D-Z" is not a foundation (write it like H-5 or C-0)'],
    ['a suit twice in Foundations', withLine(0, 'Foundations: H-0 H-0'), 'bakers-game', 'board-bad-foundation', { line: 1, token: 'H-0' }, 'line 1: "H-0" is not a foundation (write it like H-5 or C-0)'],
    ['51 cards', withLine(9, '5H 3H 3C 7S 7D'), 'bakers-game', 'board-card-count', { count: 51, missing: 'TC' }, 'the board has 51 cards, a deck has 52 (missing: TC)'],
    ['53 cards', withLine(9, '5H 3H 3C 7S 7D TC JD'), 'bakers-game', 'board-duplicate-card', { line: 10, card: 'JD', first: 3 }, 'line 10: the J♦ is already on line 3'],
    ['a duplicate replacing a card', withLine(9, '5H 3H 3C 7S 7D 7D'), 'bakers-game', 'board-duplicate-card', { line: 10, card: '7D' }, 'line 10: the 7♦ is there twice'],
    ['a card both home and in play', withLine(0, 'Foundations: H-A'), 'bakers-game', 'board-duplicate-card', { line: 9, card: 'AH', first: 1 }, 'line 9: the A♥ is already on line 1'],
    ['a ninth column', withLine(9, '5H 3H 3C 7S 7D\nTC'), 'bakers-game', 'board-too-many-columns', { line: 11, limit: 8 }, 'line 11: one column too many, this game has 8'],
    ['five cells in a four-cell game', withLine(1, 'Freecells: - - - - -'), 'bakers-game', 'board-too-many-cells', { line: 2, count: 5, limit: 4 }, 'line 2: 5 free cells, this game has 4'],
    ['cells in a game without', withLine(1, 'Freecells: -'), 'bakers-dozen', 'board-too-many-cells', { line: 2, count: 1, limit: 0 }, 'line 2: 1 free cell, this game has 0'],
    ['a second Foundations line', withLine(1, 'Foundations: H-0'), 'bakers-game', 'board-repeated-line', { line: 2, name: 'Foundations' }, 'line 2: a second Foundations line'],
    ['an unknown variant', withLine(0, 'Foundations: H-0'), 'klondike', 'unknown-variant', { id: 'klondike' }, 'there is no variant called "klondike"'],
    ['a Spanish pile out of order', ['Foundations: 2H,AH', ...DEAL_1.map((line) => line.replace(/ ?\b(AH|2H)\b/g, ''))].join('\n'), 'spanish-patience', 'bad-foundation-pile', { pile: 1, card: '2H' }, 'foundation 1 cannot hold the 2♥ where it is'],
    ['empty text', '', 'bakers-game', 'board-card-count', { count: 0 }, 'the board has 0 cards, a deck has 52'],
  ];
  for (const [name, text, variant, code, params, sentence] of bad) {
    it(`refuses ${name}: ${code}`, () => {
      const result = parseBoard(text, variant);
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.equal(result.refusal.code, code, JSON.stringify(result.refusal));
      for (const [key, value] of Object.entries(params)) assert.equal(result.refusal.params[key], value, key);
      assert.ok(describeRefusal(result.refusal).startsWith(sentence), describeRefusal(result.refusal));
    });
  }
});
