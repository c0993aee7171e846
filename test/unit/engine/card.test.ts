import * as assert from 'node:assert/strict';
import { cardInText, displayCard, formatCard, isRed, makeCard, parseCard, rankOf, suitOf, ALL_CARDS } from '../../../src/engine';

describe('engine/card', () => {
  const parsed: Array<[string, number | undefined]> = [
    ['AC', 0],
    ['AS', 3],
    ['7C', 24],
    ['TD', 37],
    ['10D', 37],
    ['td', 37],
    ['KH', 50],
    ['kh', 50],
    ['KS', 51],
    [' 2h ', 6],
    ['1C', undefined],
    ['11C', undefined],
    ['ZC', undefined],
    ['7X', undefined],
    ['7', undefined],
    ['', undefined],
    ['7C7', undefined],
  ];
  for (const [text, card] of parsed) {
    it(`parseCard(${JSON.stringify(text)}) is ${card}`, () => assert.equal(parseCard(text), card));
  }

  const formatted: Array<[string, string, string, string]> = [
    ['AC', 'AC', '♣A', 'A♣'],
    ['7C', '7C', '♣7', '7♣'],
    ['10D', 'TD', '♦10', '10♦'],
    ['QH', 'QH', '♥Q', 'Q♥'],
    ['KS', 'KS', '♠K', 'K♠'],
  ];
  for (const [text, fc, display, inText] of formatted) {
    it(`formats ${text} as ${fc}, ${display}, ${inText}`, () => {
      const card = parseCard(text)!;
      assert.equal(formatCard(card), fc);
      assert.equal(displayCard(card), display);
      assert.equal(cardInText(card), inText);
    });
  }

  it('numbers cards (rank - 1) * 4 + suit and round-trips all 52', () => {
    for (const card of ALL_CARDS) {
      assert.equal(makeCard(rankOf(card), suitOf(card)), card);
      assert.equal(parseCard(formatCard(card)), card);
    }
    assert.equal(new Set(ALL_CARDS.map(formatCard)).size, 52);
  });

  it('knows diamonds and hearts are red', () => {
    assert.deepEqual(['AC', 'AD', 'AH', 'AS'].map((text) => isRed(parseCard(text)!)), [false, true, true, false]);
  });
});
