import * as assert from 'node:assert/strict';
import { dealPosition, formatBoard } from '../../../src/engine';
import { englishOnly } from '../../../src/extension/i18n/translate';
import { problemWithGame, readBoard } from '../../../src/extension/importBoard';

function dealText(variant: string, deal: number): string {
  const dealt = dealPosition(variant, deal);
  assert.ok(dealt.ok);
  return formatBoard(dealt.value);
}

describe('reading a board to import', () => {
  it('finds every game whose layout the board fits, the preferred first', () => {
    const read = readBoard(dealText('bakers-game', 3), 'freecell', englishOnly);
    assert.ok(read.fits.length >= 2);
    assert.equal(read.fits[0].variant, 'freecell');
    assert.ok(read.fits.some((fit) => fit.variant === 'bakers-game'));
  });

  it('offers the games with exactly the board\'s columns, not those where it would leave columns empty', () => {
    // A FreeCell deal without its line of cells fits Baker's Dozen too, with five columns never used.
    const text = dealText('freecell', 7).split('\n').filter((line) => !/^freecells:/i.test(line)).join('\n');
    const read = readBoard(text, 'bakers-game', englishOnly);
    const offered = read.fits.map((fit) => fit.variant);
    assert.equal(offered[0], 'bakers-game');
    assert.ok(offered.includes('freecell'));
    assert.ok(!offered.includes('bakers-dozen') && !offered.includes('seahaven'), offered.join(', '));
    // Asked for by name, a game with more columns is still offered, first.
    const asked = readBoard(text, 'seahaven', englishOnly);
    assert.equal(asked.fits[0].variant, 'seahaven');
    assert.ok(!asked.fits.some((fit) => fit.variant === 'bakers-dozen'));
  });

  it('says an empty text is empty, not that 52 cards are missing', () => {
    for (const text of ['', '  \n\t\n']) {
      const read = readBoard(text, 'good-measure', englishOnly);
      assert.deepEqual(read.fits, []);
      assert.equal(read.firstProblem, 'it is empty');
      assert.equal(read.problemVariant, 'good-measure');
    }
  });

  it('names what is wrong with a board of another game\'s shape in that game, not the shape', () => {
    // A Baker's Game board (a line of free cells) with one card written twice, read with Good
    // Measure (no cells) on the table.
    const lines = dealText('bakers-game', 5).split('\n');
    const column = lines.findIndex((line) => /^\S+ \S+/.test(line) && !line.includes(':'));
    const cards = lines[column].split(' ');
    const other = lines[column + 1].split(' ');
    other[0] = cards[0];
    lines[column + 1] = other.join(' ');
    const read = readBoard(lines.join('\n'), 'good-measure', englishOnly);
    assert.deepEqual(read.fits, []);
    assert.match(read.firstProblem, /already/);
    assert.notEqual(read.problemVariant, 'good-measure');
    // With a game of its shape preferred, that game's problem is told.
    const own = readBoard(lines.join('\n'), 'bakers-game', englishOnly);
    assert.equal(own.problemVariant, 'bakers-game');
    assert.equal(own.firstProblem, read.firstProblem);
    // Told without a game's name around it, the message names the game it was judged as.
    assert.equal(problemWithGame(read, 'good-measure', englishOnly), `Baker's Game: ${read.firstProblem}`);
    // A problem of any game, in the game played: no game named.
    assert.equal(problemWithGame(own, 'bakers-game', englishOnly), own.firstProblem);
    assert.equal(problemWithGame(readBoard('hello', 'bakers-game', englishOnly), 'bakers-game', englishOnly), 'line 1: "hello" is not a card');
    assert.equal(problemWithGame(readBoard('', 'good-measure', englishOnly), 'good-measure', englishOnly), 'it is empty');
  });

  it('tells a board with a column line too many so, not as a game of more columns', () => {
    // A Baker's Game deal with a ninth line repeating a card: Seahaven Towers (ten columns) would
    // read it as a board with an empty column and complain of the card (a play-test's confusion).
    const text = `${dealText('bakers-game', 1).trimEnd()}\nKH\n`;
    const read = readBoard(text, 'bakers-game', englishOnly);
    assert.deepEqual(read.fits, []);
    assert.equal(read.problemVariant, 'bakers-game');
    assert.match(read.firstProblem, /one column too many, this game has 8/);
    // The shape of the game played: named, as "this game" would name none.
    assert.equal(problemWithGame(read, 'bakers-game', englishOnly), `Baker's Game: ${read.firstProblem}`);
    // A whole Seahaven board with a card repeated, read as Baker's Game, is still judged as Seahaven.
    const seahaven = dealText('seahaven', 1).trimEnd().split('\n');
    const last = seahaven.length - 1;
    seahaven[last] = `${seahaven[last].split(' ')[0]} ${seahaven[last - 1].split(' ')[0]}`;
    const other = readBoard(seahaven.join('\n'), 'bakers-game', englishOnly);
    assert.equal(other.problemVariant, 'seahaven');
    assert.match(other.firstProblem, /already/);
  });
});
