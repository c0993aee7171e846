import * as assert from 'node:assert/strict';
import { checkMove, getVariant, parseCard, performMove, type Card, type Position } from '../../../src/engine';
import { splitRun } from '../../../src/solver/expand';

const cards = (text: string): Card[] =>
  text
    .split(' ')
    .filter((token) => token !== '')
    .map((token) => {
      const card = parseCard(token);
      if (card === undefined) throw new Error(`bad card ${token}`);
      return card;
    });

/** Five hearts on column 0, their parent on column 1, one free cell and two empty columns. */
function board(): Position {
  return {
    variant: 'bakers-game',
    columns: [cards('KC 9H 8H 7H 6H 5H'), cards('QC TH'), [], [], cards('JC'), cards('2C'), cards('3C'), cards('4C')],
    cells: [...cards('AS 2S 3S'), null],
    foundations: [[], [], [], []],
  };
}

const split = (position: Position, from: number, to: number, count: number) =>
  splitRun(
    getVariant(position.variant),
    Uint8Array.from(position.cells, (card) => (card === null ? 1 : 0)),
    Uint8Array.from(position.columns, (column) => column.length),
    from,
    to,
    count,
  );

describe('splitting a run move into single-card moves', () => {
  it('moves a run through the free cell and the empty columns, each move legal, and leaves them as they were', () => {
    const start = board();
    const moves = split(start, 0, 1, 5);
    let position = start;
    for (const move of moves) {
      assert.equal(move.count, 1);
      const checked = checkMove(position, move);
      assert.ok(checked.ok, `illegal: ${JSON.stringify(move)}`);
      position = performMove(position, move);
    }
    assert.deepEqual(position.columns[1], cards('QC TH 9H 8H 7H 6H 5H'));
    assert.deepEqual(position.columns[0], cards('KC'));
    assert.deepEqual(position.cells, start.cells);
    assert.deepEqual([position.columns[2], position.columns[3]], [[], []]);
    // (1 free cell + 1) x 2^2 empty columns = 8 cards at most; 5 take more than 5 moves.
    assert.ok(moves.length > 5);
  });

  it('moving into an empty column, uses only the other empty column as a spare', () => {
    let position = board();
    for (const move of split(position, 0, 2, 4)) {
      assert.ok(checkMove(position, move).ok, `illegal: ${JSON.stringify(move)}`);
      position = performMove(position, move);
    }
    assert.deepEqual(position.columns[2], cards('8H 7H 6H 5H'));
    assert.deepEqual(position.columns[3], []);
  });

  it('gives the run move back whole when the free space cannot carry it', () => {
    // One free cell, no empty column: two cards at most.
    const start: Position = { ...board(), columns: [cards('KC 7H 6H 5H'), cards('QC 8H'), cards('TC'), cards('9C'), cards('JC'), cards('2C'), cards('3C'), cards('4C')] };
    assert.deepEqual(split(start, 0, 1, 3), [{ from: { kind: 'tableau', index: 0 }, to: { kind: 'tableau', index: 1 }, count: 3 }]);
    assert.equal(split(start, 0, 1, 2).length, 3);
  });

  it('a single card is one move', () => {
    assert.deepEqual(split(board(), 0, 1, 1), [{ from: { kind: 'tableau', index: 0 }, to: { kind: 'tableau', index: 1 }, count: 1 }]);
  });
});
