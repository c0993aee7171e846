/**
 * Geometry of the table, computed from the board's size and the number of piles: a pure
 * function so the rules of the layout stay in one place.
 *
 * - Card width follows the board width and the number of columns (8 to 13), between a
 *   minimum and a maximum; the height of the editor also caps it, so that a fresh deal fits.
 * - When even the minimum width does not fit, columns overlap sideways (each still shows its
 *   left corner index): the board never scrolls sideways.
 * - Each column has its own vertical fan offset: it shrinks for tall columns, down to the
 *   height of the corner index, so the board fits the height when it can.
 */

export interface LayoutInput {
  /** Inner width available for the table, in CSS pixels. */
  readonly width: number;
  /** Height available for the top row and the tableau (viewport minus chrome). */
  readonly height: number;
  readonly columns: number;
  readonly cells: number;
  readonly foundations: number;
  /** Number of cards in each column. */
  readonly columnLengths: readonly number[];
}

export interface Spot {
  readonly x: number;
  readonly y: number;
}

export interface ColumnSpot extends Spot {
  /** Vertical offset between two cards of this column. */
  readonly fan: number;
  /** Height of the column's drop zone (down to the bottom of the table). */
  readonly height: number;
}

export interface Layout {
  readonly cardWidth: number;
  readonly cardHeight: number;
  readonly cells: readonly Spot[];
  readonly foundations: readonly Spot[];
  readonly columns: readonly ColumnSpot[];
  readonly width: number;
  readonly height: number;
  /** Font size of the corner index. */
  readonly cornerFont: number;
}

export const CARD_RATIO = 1.4;
const MIN_CARD = 40;
const MAX_CARD = 128;
const GAP_RATIO = 0.12;
/** Height of a fresh deal in card widths: two card heights, a row gap and 7 fan offsets. */
const FRESH_DEAL_HEIGHT = 2 * CARD_RATIO + 0.2 + 7 * 0.36;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Left edges of `count` cards of width `card`, centred in `width`, overlapping if they must. */
function row(count: number, card: number, gap: number, width: number): number[] {
  if (count <= 0) return [];
  const step = count > 1 ? Math.min(card + gap, (width - card) / (count - 1)) : 0;
  const used = card + step * (count - 1);
  const left = Math.max(0, (width - used) / 2);
  return Array.from({ length: count }, (_, i) => left + i * step);
}

export function computeLayout(input: LayoutInput): Layout {
  const width = Math.max(input.width, MIN_CARD);
  const units = Math.max(input.columns, input.cells + input.foundations, 1);
  const byWidth = width / (units + GAP_RATIO * (units - 1));
  const byHeight = input.height > 0 ? input.height / FRESH_DEAL_HEIGHT : MAX_CARD;
  const cardWidth = Math.floor(clamp(Math.min(byWidth, byHeight), Math.min(MIN_CARD, width), MAX_CARD));
  const cardHeight = Math.round(cardWidth * CARD_RATIO);
  const gap = Math.max(4, Math.round(cardWidth * GAP_RATIO));
  const cornerFont = clamp(cardWidth * 0.2, 10, 22);
  const fanMin = Math.ceil(cornerFont * 1.2 + cardWidth * 0.07);
  const fanNormal = Math.max(fanMin, Math.round(cardWidth * 0.36));

  const columnX = row(input.columns, cardWidth, gap, width);
  let cellX: number[];
  let foundationX: number[];
  if (input.cells + input.foundations <= input.columns) {
    // Aligned with the tableau: cells over the first columns, foundations over the last.
    cellX = columnX.slice(0, input.cells);
    foundationX = columnX.slice(input.columns - input.foundations);
  } else {
    const top = row(input.cells + input.foundations, cardWidth, gap, width);
    cellX = top.slice(0, input.cells);
    foundationX = top.slice(input.cells);
  }

  const tableauY = cardHeight + Math.max(gap, Math.round(cardWidth * 0.2));
  const budget = input.height - tableauY - cardHeight;
  const fans = columnX.map((_, i) => {
    const length = input.columnLengths[i] ?? 0;
    if (length <= 1) return fanNormal;
    return Math.floor(clamp(budget / (length - 1), fanMin, fanNormal));
  });
  const contentHeight = Math.max(
    tableauY + cardHeight + 4 * fanNormal,
    ...columnX.map((_, i) => tableauY + cardHeight + Math.max(0, (input.columnLengths[i] ?? 0) - 1) * (fans[i] ?? fanNormal)),
  );
  const height = Math.ceil(Math.max(contentHeight, input.height));

  return {
    cardWidth,
    cardHeight,
    cornerFont,
    width,
    height,
    cells: cellX.map((x) => ({ x, y: 0 })),
    foundations: foundationX.map((x) => ({ x, y: 0 })),
    columns: columnX.map((x, i) => ({ x, y: tableauY, fan: fans[i] ?? fanNormal, height: height - tableauY })),
  };
}
