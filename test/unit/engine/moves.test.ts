import * as assert from 'node:assert/strict';
import {
  applyMove,
  describeRefusal,
  formatMove,
  legalMoves,
  parseMove,
  runLimit,
  getVariant,
  type Position,
  type VariantId,
} from '../../../src/engine';
import { clone, position } from './fixtures';

/**
 * A position for the supermove and cell rules: a five-card spade run that fits on the 10♠,
 * three Queens in cells with their Kings in the tableau, one free cell, two empty columns.
 */
const RUNS = (variant: VariantId): Position =>
  position(variant, ['9S 8S 7S 6S 5S', 'TS', 'KH', 'KD', 'KC', '3D', '', ''], ['QH', 'QD', 'QC', null].slice(0, getVariant(variant).cells));

/** Single cards that build on each other by suit (5♣ on 6♣), by colour (5♣ on 6♦, 4♦ on 5♣), or not at all. */
const BUILDS = (variant: VariantId): Position => position(variant, ['5C', '6C', '6D', 'KS', '9H', 'JD', '4D', '2H'], [null, null, null, null]);

/** Thirteen single-card columns for the rank-built games: an empty column, an Ace to send home, two cards with two targets. */
const RANKS = (variant: VariantId): Position =>
  position(variant, ['7C', '8D', '8H', '', 'AS', '2S', 'KC', 'KD', 'KH', 'KS', 'JC', 'JD', 'TC']);

describe('engine/moves', () => {
  describe('legal move counts from hand-checked positions (perft depth 1)', () => {
    const table: Array<[string, Position, number, string]> = [
      // 5C→6C; 8 cards × 4 cells.
      ["Baker's Game builds by suit", BUILDS('bakers-game'), 33, '1 build + 32 to cells'],
      // 5C→6D and 4D→5C; 32 to cells.
      ['FreeCell builds in alternate colours', BUILDS('freecell'), 34, '2 builds + 32 to cells'],
      // t1: 5-run→TS (limit (1+1)·2²=8), runs of 1..4 to each empty column ((1+1)·2¹=4), a cell = 10;
      // TS, KH, KD, KC, 3D: 2 empty columns + 1 cell = 3 each (15); each Queen: its King + 2 empty columns = 9.
      ["Baker's Game supermove", RUNS('bakers-game'), 34, '10 + 15 + 9'],
      // Limit 1 + 1 free cell = 2: the run stays; only Kings fill the empty columns.
      // t1 cell; TS cell; KH/KD/KC 2 + cell; 3D cell; Queens onto their Kings.
      ["Kings-only Baker's Game: King-only columns, cells plus one", RUNS('bakers-game-kings'), 15, '1 + 1 + 9 + 1 + 3'],
      // Unlimited: runs of 1..5 to each empty column.
      ["Relaxed Baker's Game: any run", RUNS('bakers-game-relaxed'), 36, '12 + 15 + 9'],
      // 5S on 6S is no FreeCell run: every column moves its top card to 2 empty columns and a cell (18);
      // QH and QD go on the K♣ (3 each), Q♣ on K♥ or K♦ (4).
      ['FreeCell on the same cards', RUNS('freecell'), 28, '18 + 3 + 3 + 4'],
      // 7C on 8D and 8H; AS home and on 2S; TC on JC and JD; the empty column stays empty.
      ["Baker's Dozen: by rank, no refill", RANKS('bakers-dozen'), 6, '2 + 2 + 2'],
      // Same plus every card to the empty column.
      ["Baker's Dozen (easy): any card fills a column", RANKS('bakers-dozen-easy'), 18, '6 + 12'],
      // The Ace may start any of the four foundations.
      ['Spanish Patience: an Ace starts any foundation', RANKS('spanish-patience'), 9, '2 + 4 + 1 + 2'],
      // Good Measure uses the Baker's Dozen rules on 10 columns: 7C on 8D/8H, AS home and on 2S, QS on any King.
      ['Good Measure: by rank, no refill', position('good-measure', ['7C', '8D', '8H', '', 'AS', '2S', 'KC', 'KD', 'KH', 'QS']), 7, '2 + 2 + QS on 3 Kings'],
      // Eight Off: 8 cells, 2 free; KS fills the empty column; the run 5H 4H 3H 2H would fit on the 6H but needs 4 spaces, and 1 + 2 free cells make 3.
      [
        'Eight Off: King-only columns, cells plus one',
        position('eight-off', ['KS', '5H 4H 3H 2H', '6H', 'QS', 'JH', 'TD', '9C', ''], ['AC', 'AD', 'AH', 'AS', '8C', '8D', null, null]),
        22,
        'KS: empty column + 2 cells; QS: on KS + 2 cells; 2H, 6H, JH, TD, 9C: 2 cells each; AC AD AH AS home, AH on 2H, 8C on 9C',
      ],
      // Seahaven: 2-run onto 6H needs 2 spaces, has 1 + 1 free cell = 2.
      [
        'Seahaven: run onto a card with one free cell',
        position('seahaven', ['5H 4H', '6H', 'KC', '2D', '3S', '4C', '7D', '8S', '9S', 'TS'], ['QC', 'JC', 'TC', null]),
        14,
        '2-run on 6H; 10 tops to the cell; QC on KC; 9S on TS; 8S on 9S',
      ],
    ];
    for (const [name, start, count, why] of table) {
      it(`${name}: ${count} moves (${why})`, () => {
        const moves = legalMoves(start);
        const tokens = moves.map((move) => formatMove(move, start.variant));
        assert.equal(moves.length, count, tokens.join(' '));
        assert.equal(new Set(tokens).size, tokens.length, 'no move listed twice');
      });
    }

    it('lists the exact moves in a small position', () => {
      const moves = legalMoves(BUILDS('freecell')).filter((move) => move.to.kind !== 'cell');
      assert.deepEqual(moves.map((move) => formatMove(move, 'freecell')).sort(), ['t1-t3', 't7-t1']);
      const spanish = legalMoves(RANKS('spanish-patience')).filter((move) => move.to.kind === 'foundation');
      assert.deepEqual(spanish.map((move) => formatMove(move, 'spanish-patience')), ['t5-f1', 't5-f2', 't5-f3', 't5-f4']);
    });
  });

  describe('sequence-move limits', () => {
    // [variant, free cells, empty columns, limit onto a card, limit into an empty column]
    const limits: Array<[VariantId, number, number, number, number]> = [
      ['bakers-game', 0, 0, 1, 0],
      ['bakers-game', 4, 0, 5, 0],
      ['bakers-game', 0, 1, 2, 1],
      ['bakers-game', 3, 1, 8, 4],
      ['bakers-game', 2, 2, 12, 6],
      ['bakers-game', 4, 2, 20, 10],
      ['freecell', 1, 2, 8, 4],
      ['bakers-game-kings', 2, 2, 3, 3],
      ['bakers-game-kings', 0, 1, 1, 1],
      ['eight-off', 3, 2, 4, 4],
      ['seahaven', 2, 1, 3, 3],
      ['bakers-dozen-easy', 0, 0, 1, 0],
      ['bakers-dozen-easy', 0, 1, 2, 1],
      ['bakers-dozen-easy', 0, 2, 4, 2],
      ['bakers-dozen', 0, 2, 1, 1],
    ];
    for (const [variant, free, empty, toCard, toEmpty] of limits) {
      it(`${variant} with ${free} free cells and ${empty} empty columns: ${toCard} onto a card, ${toEmpty || 'none'} into an empty column`, () => {
        const rules = getVariant(variant);
        // Column 1: a 13-card run from the King down (any build rule accepts it when suits alternate? no: use one suit per rule).
        const run = rules.build === 'alternate-colour' ? 'KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS' : 'KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS';
        const columns = [run, ...Array.from({ length: rules.columns - 1 }, (_, i) => (i < empty ? '' : 'KD'))];
        const cells = Array.from({ length: rules.cells }, (_, i) => (i < rules.cells - free ? 'QD' : null));
        const start = position(variant, columns, cells);
        assert.equal(runLimit(rules, start, false), toCard);
        if (empty > 0) {
          assert.equal(runLimit(rules, start, true), toEmpty);
          // Kings-only columns take only the whole run from the King; elsewhere any length up to the limit.
          const intoEmpty = legalMoves(start).filter((move) => move.from.index === 0 && move.from.kind === 'tableau' && move.to.kind === 'tableau');
          const counts = [...new Set(intoEmpty.map((move) => move.count))].sort((a, b) => a - b);
          if (rules.emptyColumn === 'any') assert.deepEqual(counts, Array.from({ length: toEmpty }, (_, i) => i + 1));
          if (rules.emptyColumn === 'king') assert.deepEqual(counts, toEmpty >= 13 ? [13] : []);
          if (rules.emptyColumn === 'none') assert.deepEqual(counts, []);
        }
      });
    }

    it('an empty target column does not count: a run of 4 with 1 free cell and 1 empty column goes onto a card, not into the column', () => {
      const start = position('bakers-game', ['9S 8S 7S 6S', 'TS', 'KD', 'KH', 'KC', 'QD', 'QH', ''], ['QC', 'JD', 'JH', null]);
      assert.ok(applyMove(start, { from: { kind: 'tableau', index: 0 }, to: { kind: 'tableau', index: 1 }, count: 4 }).ok);
      const refused = applyMove(start, { from: { kind: 'tableau', index: 0 }, to: { kind: 'tableau', index: 7 }, count: 4 });
      assert.deepEqual(refused, { ok: false, refusal: { code: 'run-too-long', params: { count: 4, limit: 2 } } });
      assert.ok(applyMove(start, { from: { kind: 'tableau', index: 0 }, to: { kind: 'tableau', index: 7 }, count: 2 }).ok);
    });
  });

  describe('refusals: a precise code and sentence, and the position unchanged', () => {
    const cases: Array<[VariantId, Position, string, string, Record<string, string | number>, string]> = [
      ['bakers-game', RUNS('bakers-game'), 't2-t3', 'build-same-suit', { card: 'TS', target: 'KH', needs: 'JS' }, 'a 10♠ can only go on the J♠'],
      ['freecell', RUNS('freecell'), 't2-t3', 'build-alternate-colour', { card: 'TS', target: 'KH' }, 'a 10♠ can only go on a red Jack'],
      ['bakers-dozen', RANKS('bakers-dozen'), 't1-t6', 'build-rank', { card: '7C', target: '2S' }, 'a 7♣ can only go on an 8'],
      ['bakers-game', RUNS('bakers-game'), 't3-t4', 'king-on-card', { card: 'KH', target: 'KD' }, 'the K♥ cannot go on another card'],
      ['bakers-game-kings', RUNS('bakers-game-kings'), 't2-t7', 'empty-column-king-only', { card: 'TS' }, 'only a King may fill an empty column'],
      ['bakers-dozen', RANKS('bakers-dozen'), 't1-t4', 'empty-column-closed', {}, 'in this game an empty column stays empty'],
      ['bakers-game', RUNS('bakers-game'), '5:t1-t7', 'run-too-long', { count: 5, limit: 4 }, 'this run needs 5 free spaces, you have 4'],
      ['bakers-game-kings', RUNS('bakers-game-kings'), '5:t1-t2', 'run-too-long', { count: 5, limit: 2 }, 'this run needs 5 free spaces, you have 2'],
      ['freecell', RUNS('freecell'), '2:t1-t7', 'not-a-run', { count: 2 }, 'the top 2 cards of the column are not a sequence, so they cannot move together'],
      ['bakers-dozen-easy', RANKS('bakers-dozen-easy'), '2:t1-t4', 'not-enough-cards', { count: 2, available: 1 }, 'the column has only 1 card, not 2'],
      ['bakers-dozen', position('bakers-dozen', ['8C 7C', '9D', ...Array<string>(11).fill('KS')]), '2:t1-t2', 'single-cards-only', { count: 2 }, 'in this game cards move one at a time'],
      ['bakers-game', RUNS('bakers-game'), 't6-f', 'not-playable-home', { card: '3D', needs: '2D' }, 'the 3♦ cannot go home yet: the 2♦ must be there first'],
      ['bakers-game', RUNS('bakers-game'), 't6-f3', 'wrong-foundation', { card: '3D', foundation: 3 }, 'the 3♦ does not belong on foundation 3'],
      ['spanish-patience', RANKS('spanish-patience'), 't6-f', 'no-foundation-takes', { card: '2S' }, 'no foundation takes the 2♠: each starts with an Ace and goes up one rank at a time in alternate colours'],
      ['spanish-patience', RANKS('spanish-patience'), 't6-f2', 'foundation-needs-ace', { card: '2S' }, 'an empty foundation starts with an Ace, not the 2♠'],
      ['spanish-patience', position('spanish-patience', ['2S', ...Array<string>(12).fill('KD')], [], ['AC', '', '', '']), 't1-f1', 'foundation-mismatch', { card: '2S', target: 'AC' }, 'the 2♠ cannot go on the A♣: foundations go up one rank at a time in alternate colours'],
      ['bakers-game', RUNS('bakers-game'), '2:t1-f', 'one-card-home', {}, 'cards go to the foundations one at a time'],
      ['bakers-game', RUNS('bakers-game'), 'c1-c4', 'cell-to-cell', {}, 'a card in a free cell can only go to the tableau or to a foundation'],
      ['bakers-game', RUNS('bakers-game'), 't6-c1', 'cell-occupied', { cell: 1, card: 'QH' }, 'free cell 1 already holds the Q♥'],
      ['bakers-game', position('bakers-game', ['5S', ...Array<string>(7).fill('KD')], ['AC', 'AD', 'AH', 'AS']), 't1-c', 'no-free-cell', {}, 'every free cell is taken'],
      ['bakers-dozen', RANKS('bakers-dozen'), 't1-c', 'no-cells', {}, 'this game has no free cells'],
      ['bakers-game', RUNS('bakers-game'), 't9-t1', 'bad-pile', { kind: 'tableau', number: 9 }, 'there is no column 9 in this game'],
      ['bakers-game', RUNS('bakers-game'), 't1-c5', 'bad-pile', { kind: 'cell', number: 5 }, 'there is no free cell 5 in this game'],
      ['bakers-game', position('bakers-game', ['2C', ...Array<string>(7).fill('KD')], [], ['AC', '', '', '']), 'f1-t1', 'foundation-locked', {}, 'a card on a foundation stays there'],
      ['bakers-game', RUNS('bakers-game'), 'c4-t1', 'empty-source', { kind: 'cell', number: 4 }, 'free cell 4 is empty'],
      ['bakers-game', RUNS('bakers-game'), 't7-t1', 'empty-source', { kind: 'tableau', number: 7 }, 'column 7 is empty'],
      ['bakers-game', RUNS('bakers-game'), 't3-t3', 'same-pile', {}, 'the cards are already in that column'],
      ['bakers-game', RUNS('bakers-game'), '2:c1-t3', 'cell-holds-one', { count: 2 }, 'a free cell holds a single card'],
    ];
    for (const [variant, start, token, code, params, sentence] of cases) {
      it(`${variant}: ${token} → ${code}`, () => {
        const before = clone(start);
        const request = parseMove(token);
        assert.ok(request.ok, token);
        const result = applyMove(start, request.value);
        assert.equal(result.ok, false);
        if (result.ok) return;
        assert.equal(result.refusal.code, code);
        for (const [key, value] of Object.entries(params)) assert.equal(result.refusal.params[key], value, key);
        assert.equal(describeRefusal(result.refusal), sentence);
        assert.deepEqual(start, before);
        // Every refused request is also absent from the legal moves.
        assert.equal(legalMoves(start).some((move) => formatMove(move, variant) === token), false);
      });
    }

    it('refuses a bad count', () => {
      for (const count of [0, -1, 1.5, Number.NaN]) {
        const result = applyMove(RUNS('bakers-game'), { from: { kind: 'tableau', index: 0 }, to: { kind: 'cell' }, count });
        assert.equal(result.ok ? 'ok' : result.refusal.code, 'bad-count');
      }
    });
  });

  describe('resolving "any free cell" and "the foundation"', () => {
    it('takes the first free cell and the suit’s own foundation', () => {
      const start = position('bakers-game', ['2H', 'AH', 'KD', 'KC', 'KS', 'QD', 'QC', 'QS'], ['AC', null, 'AS', null], ['', 'AD', '', '']);
      const toCell = applyMove(start, { from: { kind: 'tableau', index: 0 }, to: { kind: 'cell' }, count: 1 });
      assert.ok(toCell.ok);
      assert.deepEqual(toCell.value.move.to, { kind: 'cell', index: 1 });
      const home = applyMove(start, { from: { kind: 'tableau', index: 1 }, to: { kind: 'foundation' }, count: 1 });
      assert.ok(home.ok);
      assert.deepEqual(home.value.move.to, { kind: 'foundation', index: 2 });
      const fromCell = applyMove(start, { from: { kind: 'cell', index: 2 }, to: { kind: 'foundation' }, count: 1 });
      assert.ok(fromCell.ok);
      assert.deepEqual(fromCell.value.move.to, { kind: 'foundation', index: 3 });
    });

    it('Spanish Patience: the first foundation that takes the card', () => {
      const start = position('spanish-patience', ['2H', 'AS', ...Array<string>(11).fill('KD')], [], ['AC', 'AD', '', '']);
      const two = applyMove(start, { from: { kind: 'tableau', index: 0 }, to: { kind: 'foundation' }, count: 1 });
      assert.ok(two.ok);
      assert.deepEqual(two.value.move.to, { kind: 'foundation', index: 0 });
      const ace = applyMove(start, { from: { kind: 'tableau', index: 1 }, to: { kind: 'foundation' }, count: 1 });
      assert.ok(ace.ok);
      assert.deepEqual(ace.value.move.to, { kind: 'foundation', index: 2 });
    });
  });
});
