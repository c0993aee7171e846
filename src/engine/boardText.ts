import { formatCard, makeCard, parseCard, RANK_LETTERS, SUIT_LETTERS } from './card';
import { checkPosition } from './position';
import type { Card, Outcome, Position, Refusal, Suit } from './types';
import { findVariant, getVariant } from './variants';

/** fc-solve writes foundations in this suit order; we follow it so its tools read our text. */
const FOUNDATION_ORDER: readonly Suit[] = [2, 0, 1, 3];

/**
 * The position in fc-solve's board format: a `Foundations:` line, a `Freecells:` line when the
 * variant has cells (`-` for an empty one), then one line per column, bottom card first, `T` for
 * ten. An empty column is written `:` (fc-solve's column prefix with nothing after it) so that
 * it is not taken for a blank line. Spanish Patience, which fc-solve does not play, writes each
 * foundation pile as its cards joined by commas, bottom first (`AH,2S,3D`), `-` when empty.
 */
export function formatBoard(position: Position): string {
  const variant = getVariant(position.variant);
  const lines: string[] = [];
  if (variant.foundation === 'by-suit') {
    const piles = FOUNDATION_ORDER.map((suit) => `${SUIT_LETTERS[suit]}-${position.foundations[suit].length === 0 ? '0' : RANK_LETTERS[position.foundations[suit].length - 1]}`);
    lines.push(`Foundations: ${piles.join(' ')}`);
  } else {
    lines.push(`Foundations: ${position.foundations.map((pile) => (pile.length === 0 ? '-' : pile.map(formatCard).join(','))).join(' ')}`);
  }
  if (variant.cells > 0) lines.push(`Freecells: ${position.cells.map((card) => (card === null ? '-' : formatCard(card))).join(' ')}`);
  for (const column of position.columns) lines.push(column.length === 0 ? ':' : column.map(formatCard).join(' '));
  return lines.join('\n') + '\n';
}

/** A header line of fc-solve's board format ("Foundations: …", "Freecells: …"), its name and its tokens. */
const HEADER_LINE = /^(foundations?|freecells?|fc)\s*:(.*)$/i;

/** How many column lines a board text has: every line but the empty ones and the headers (as {@link parseBoard} reads them). */
export function columnLineCount(text: string): number {
  return text.split(/\r?\n/).filter((line) => {
    const raw = line.trim();
    return raw !== '' && !HEADER_LINE.test(raw);
  }).length;
}

/**
 * Reads a board in fc-solve's format (see {@link formatBoard}; also accepts `10` for ten, any
 * case, `: ` before a column, `0` or a missing line for empty foundations). Fewer column lines
 * than the variant has means the rest are empty. Refuses with the line number and the first bad
 * token: `board-bad-card`, `board-bad-foundation`, `board-repeated-line`, `board-too-many-cells`,
 * `board-too-many-columns`, `board-duplicate-card`, `board-card-count`, or `unknown-variant`.
 */
export function parseBoard(text: string, variantId: string): Outcome<Position> {
  const found = findVariant(variantId);
  if (!found.ok) return found;
  const variant = found.value;
  const columns: Card[][] = [];
  const cells: (Card | null)[] = Array.from({ length: variant.cells }, () => null);
  const foundations: Card[][] = [[], [], [], []];
  const seen = new Map<Card, number>();
  let sawFoundations = false;
  let sawCells = false;
  const fail = (code: string, params: Refusal['params']): Outcome<Position> => ({ ok: false, refusal: { code, params } });
  const note = (card: Card, line: number): Outcome<Position> | undefined => {
    const earlier = seen.get(card);
    if (earlier !== undefined) return fail('board-duplicate-card', { line, card: formatCard(card), first: earlier });
    seen.set(card, line);
    return undefined;
  };

  const lines = text.split(/\r?\n/);
  for (let l = 0; l < lines.length; l++) {
    const line = l + 1;
    const raw = lines[l].trim();
    if (raw === '') continue;
    const header = HEADER_LINE.exec(raw);
    if (header) {
      const isFoundations = header[1].toLowerCase().startsWith('found');
      if (isFoundations ? sawFoundations : sawCells) return fail('board-repeated-line', { line, name: isFoundations ? 'Foundations' : 'Freecells' });
      const tokens = header[2].trim().split(/\s+/).filter(Boolean);
      if (isFoundations) {
        sawFoundations = true;
        if (variant.foundation === 'by-suit') {
          const done = new Set<number>();
          for (const token of tokens) {
            const match = /^([CDHS])-(0|10|[A2-9TJQK])$/i.exec(token);
            const suit = match ? SUIT_LETTERS.indexOf(match[1].toUpperCase()) : -1;
            if (!match || done.has(suit)) return fail('board-bad-foundation', { line, token });
            done.add(suit);
            const rankText = match[2].toUpperCase();
            const height = rankText === '0' ? 0 : rankText === '10' ? 10 : RANK_LETTERS.indexOf(rankText) + 1;
            for (let rank = 1; rank <= height; rank++) {
              const card = makeCard(rank, suit as Suit);
              const problem = note(card, line);
              if (problem) return problem;
              foundations[suit].push(card);
            }
          }
        } else {
          if (tokens.length > 4) return fail('board-bad-foundation', { line, token: tokens[4] });
          for (let index = 0; index < tokens.length; index++) {
            const token = tokens[index];
            if (/^-+$/.test(token)) continue;
            for (const part of token.split(',')) {
              const card = parseCard(part);
              if (card === undefined) return fail('board-bad-foundation', { line, token });
              const problem = note(card, line);
              if (problem) return problem;
              foundations[index].push(card);
            }
          }
        }
      } else {
        sawCells = true;
        if (tokens.length > variant.cells) return fail('board-too-many-cells', { line, count: tokens.length, limit: variant.cells });
        for (let index = 0; index < tokens.length; index++) {
          const token = tokens[index];
          if (/^-+$/.test(token)) continue;
          const card = parseCard(token);
          if (card === undefined) return fail('board-bad-card', { line, token });
          const problem = note(card, line);
          if (problem) return problem;
          cells[index] = card;
        }
      }
      continue;
    }
    const body = raw.startsWith(':') ? raw.slice(1).trim() : raw;
    if (columns.length === variant.columns) return fail('board-too-many-columns', { line, limit: variant.columns });
    const column: Card[] = [];
    for (const token of body.split(/\s+/).filter(Boolean)) {
      const card = parseCard(token);
      if (card === undefined) return fail('board-bad-card', { line, token });
      const problem = note(card, line);
      if (problem) return problem;
      column.push(card);
    }
    columns.push(column);
  }
  if (seen.size !== 52) {
    const missing = Array.from({ length: 52 }, (_, card) => card).filter((card) => !seen.has(card));
    return fail('board-card-count', { count: seen.size, missing: missing.map(formatCard).join(' ') });
  }
  while (columns.length < variant.columns) columns.push([]);
  return checkPosition({ variant: variant.id, columns, cells, foundations });
}
