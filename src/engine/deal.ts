import { rankOf, suitOf } from './card';
import { MAX_DEAL_NUMBER, microsoftShuffle } from './random';
import type { Card, Outcome, Position, Variant } from './types';
import { findVariant } from './variants';

/** Whether the value is a deal number the shuffle knows: a whole number from 1 to 8,589,934,591. */
export function isDealNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_DEAL_NUMBER;
}

/**
 * Reads a deal number typed by a person (`617`, `8589934591`, `1,234`, `#617` as the board's tab
 * and the status bar write it); refuses anything that is not a whole number in range with
 * `bad-deal-number`.
 */
export function parseDealNumber(text: string): Outcome<number> {
  const cleaned = text.trim().replace(/^#\s*/, '').replace(/[,_]/g, '');
  const value = /^\d{1,12}$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  return isDealNumber(value) ? { ok: true, value } : badDealNumber(text);
}

function badDealNumber(value: unknown): Outcome<never> {
  return { ok: false, refusal: { code: 'bad-deal-number', params: { value: String(value), max: MAX_DEAL_NUMBER } } };
}

/**
 * The start position of deal `dealNumber` in the variant (DESIGN.md section 3, "Deal numbers").
 * Refuses an unknown variant (`unknown-variant`) or a number out of range (`bad-deal-number`).
 */
export function dealPosition(variantId: string, dealNumber: number): Outcome<Position> {
  const found = findVariant(variantId);
  if (!found.ok) return found;
  if (!isDealNumber(dealNumber)) return badDealNumber(dealNumber);
  return { ok: true, value: layOut(found.value, microsoftShuffle(dealNumber)) };
}

/** Lays the shuffled cards out for the variant; `order` is the dealing order of the Microsoft shuffle. */
export function layOut(variant: Variant, order: readonly Card[]): Position {
  const columns: Card[][] = Array.from({ length: variant.columns }, () => []);
  const cells: (Card | null)[] = Array.from({ length: variant.cells }, () => null);
  const foundations: Card[][] = [[], [], [], []];
  const roundRobin = (cards: readonly Card[]): void => cards.forEach((card, k) => columns[k % variant.columns].push(card));
  switch (variant.layout) {
    case 'eight-columns':
      roundRobin(order);
      break;
    case 'eight-off':
      roundRobin(order.slice(0, 48));
      order.slice(48).forEach((card, i) => (cells[2 * i] = card));
      break;
    case 'seahaven':
      roundRobin(order.slice(0, 50));
      cells[1] = order[50]!;
      cells[2] = order[51]!;
      break;
    case 'bakers-dozen':
      roundRobin(order);
      kingsToBottom(columns);
      break;
    case 'good-measure': {
      const aces = order.filter((card) => rankOf(card) === 1).slice(0, 2);
      for (const ace of aces) foundations[suitOf(ace)].push(ace);
      roundRobin(order.filter((card) => !aces.includes(card)));
      kingsToBottom(columns);
      break;
    }
  }
  return { variant: variant.id, columns, cells, foundations };
}

/** Each King goes to the deepest place of its own column; everything else keeps its order. */
function kingsToBottom(columns: Card[][]): void {
  for (const column of columns) {
    const kings = column.filter((card) => rankOf(card) === 13);
    const others = column.filter((card) => rankOf(card) !== 13);
    column.splice(0, column.length, ...kings, ...others);
  }
}
