import type { Card, Rank, Suit } from './types';

/** Suit letters in deck order, as fc-solve and the Microsoft deck number them. */
export const SUIT_LETTERS = 'CDHS';

/** Rank letters from Ace to King; `T` is ten, as in fc-solve's board format. */
export const RANK_LETTERS = 'A23456789TJQK';

const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'];
const DISPLAY_RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** Every card of the deck, in Microsoft order (AC AD AH AS 2C …). */
export const ALL_CARDS: readonly Card[] = Array.from({ length: 52 }, (_, card) => card);

/** The card of this rank (1–13) and suit. */
export function makeCard(rank: Rank, suit: Suit): Card {
  return (rank - 1) * 4 + suit;
}

/** Rank from 1 (Ace) to 13 (King). */
export function rankOf(card: Card): Rank {
  return (card >> 2) + 1;
}

/** Suit: 0 clubs, 1 diamonds, 2 hearts, 3 spades. */
export function suitOf(card: Card): Suit {
  return (card & 3) as Suit;
}

/** Diamonds and hearts are red; the middle two suits, which keeps this a bit test. */
export function isRed(card: Card): boolean {
  const suit = card & 3;
  return suit === 1 || suit === 2;
}

/** Whether the value is a card number 0–51 (guards input coming from outside the engine). */
export function isCard(value: unknown): value is Card {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 52;
}

/**
 * Reads `7C`, `TD`, `10D`, `AS`, `kh` (rank then suit, any case); `undefined` when the text is not a card.
 * `1` is not accepted for the Ace because `1` followed by `0` would be ambiguous to a reader.
 */
export function parseCard(text: string): Card | undefined {
  const match = /^(10|[2-9TJQKA])([CDHS])$/i.exec(text.trim());
  if (!match) return undefined;
  const rankText = match[1].toUpperCase();
  const rank = rankText === '10' ? 10 : RANK_LETTERS.indexOf(rankText) + 1;
  return makeCard(rank, SUIT_LETTERS.indexOf(match[2].toUpperCase()) as Suit);
}

/** The fc-solve spelling, `7C` or `TD`: the one used in board text, notation and refusal parameters. */
export function formatCard(card: Card): string {
  return RANK_LETTERS[card >> 2] + SUIT_LETTERS[card & 3];
}

/** The spelling for players: suit symbol then rank, `♣7`, `♦10`. */
export function displayCard(card: Card): string {
  return SUIT_SYMBOLS[card & 3] + DISPLAY_RANKS[card >> 2];
}

/** The spelling inside English sentences, rank first (`7♣`, `10♦`), as players read it aloud. */
export function cardInText(card: Card): string {
  return DISPLAY_RANKS[card >> 2] + SUIT_SYMBOLS[card & 3];
}
