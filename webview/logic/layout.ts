/**
 * Geometry of the table, computed from the board's size and the number of piles: a pure
 * function so the rules of the layout stay in one place.
 *
 * - The card width is the largest one (between a readable minimum and a maximum) with which
 *   the table fits the tab's width *and* height: the top row, and the longest column (at least
 *   {@link PLANNED_COLUMN} cards) fanned at its tightest, which still shows every corner index.
 *   So a long column first compresses its fan, and only when that is not enough do the cards
 *   shrink. Below the minimum the table keeps the minimum and the page scrolls sideways.
 * - Places line up with the columns: cells over the first columns, foundations over the last.
 *   When cells and foundations outnumber the columns (Eight Off, 5 or 6 cells), the cells stay
 *   over the columns and the foundations go either to a column of their own at the right of the
 *   tableau ("side") or to a row of their own above the cells, over the last columns ("above"),
 *   whichever gives the larger cards (side when equal).
 * - Fans open up when there is height to spare (up to {@link FAN_OPEN} card widths), and each
 *   column longer than planned closes its own fan, down to the height of the corner index.
 */

export interface LayoutInput {
  /** Inner width available for the table, in CSS pixels. */
  readonly width: number;
  /** Height available for the top row and the tableau (viewport minus chrome); 0 when unknown. */
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

/** Where the foundations are: over the columns (with the cells), beside the tableau, or in a row above the cells. */
export type Arrangement = 'over' | 'side' | 'above';

export interface Layout {
  readonly cardWidth: number;
  readonly cardHeight: number;
  readonly arrangement: Arrangement;
  readonly cells: readonly Spot[];
  readonly foundations: readonly Spot[];
  readonly columns: readonly ColumnSpot[];
  readonly width: number;
  readonly height: number;
  /** Font size of the corner index. */
  readonly cornerFont: number;
}

export const CARD_RATIO = 1.4;
/** The smallest card drawn: its corner index is still 10 px. Below it the page scrolls sideways. */
export const MIN_CARD = 40;
export const MAX_CARD = 150;
const GAP_RATIO = 0.1;
const MIN_GAP = 4;
/** The card size leaves room for a column of this many cards (a fresh deal has at most 7). */
export const PLANNED_COLUMN = 8;
/** Widest fan, in card widths, when the height allows it. */
const FAN_OPEN = 0.46;
/** Fan when the height is not known yet. */
const FAN_NORMAL = 0.36;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

interface Metrics {
  readonly card: number;
  readonly cardHeight: number;
  readonly gap: number;
  /** Between the top row and the tableau. */
  readonly rowGap: number;
  readonly cornerFont: number;
  /** Tightest fan: the corner index of each card still shows. */
  readonly fanMin: number;
}

function metrics(card: number): Metrics {
  const cornerFont = clamp(card * 0.2, 10, 24);
  return {
    card,
    cardHeight: Math.round(card * CARD_RATIO),
    gap: Math.max(MIN_GAP, Math.round(card * GAP_RATIO)),
    rowGap: Math.max(MIN_GAP, Math.round(card * 0.2)),
    cornerFont,
    fanMin: Math.ceil(cornerFont * 1.2 + card * 0.07),
  };
}

/** Width of the content (columns, and the foundations' own column when beside them). */
function contentWidth(m: Metrics, input: LayoutInput, arrangement: Arrangement): number {
  const columns = Math.max(1, input.columns);
  const tableau = columns * m.card + (columns - 1) * m.gap;
  return arrangement === 'side' ? tableau + 2 * m.gap + m.card : tableau;
}

/** Top of the tableau. */
function tableauTop(m: Metrics, arrangement: Arrangement): number {
  return arrangement === 'above' ? 2 * m.cardHeight + m.gap + m.rowGap : m.cardHeight + m.rowGap;
}

/** Height of the foundations' own column, beside the tableau. */
function sideHeight(m: Metrics, input: LayoutInput): number {
  return input.foundations * m.cardHeight + Math.max(0, input.foundations - 1) * m.gap;
}

function plannedLength(input: LayoutInput): number {
  return Math.max(PLANNED_COLUMN, ...input.columnLengths);
}

/** Height the table needs with these cards: the longest column at its tightest fan. */
function neededHeight(m: Metrics, input: LayoutInput, arrangement: Arrangement): number {
  const columns = tableauTop(m, arrangement) + m.cardHeight + (plannedLength(input) - 1) * m.fanMin;
  return arrangement === 'side' ? Math.max(columns, sideHeight(m, input)) : columns;
}

/** The largest card width that fits, or the minimum. */
function cardFor(input: LayoutInput, arrangement: Arrangement): number {
  for (let card = MAX_CARD; card > MIN_CARD; card--) {
    const m = metrics(card);
    if (contentWidth(m, input, arrangement) > input.width) continue;
    if (input.height > 0 && neededHeight(m, input, arrangement) > input.height) continue;
    return card;
  }
  return MIN_CARD;
}

export function computeLayout(input: LayoutInput): Layout {
  let arrangement: Arrangement = 'over';
  let card: number;
  if (input.cells + input.foundations <= input.columns) card = cardFor(input, 'over');
  else {
    const side = cardFor(input, 'side');
    const above = cardFor(input, 'above');
    arrangement = above > side ? 'above' : 'side';
    card = Math.max(side, above);
  }
  const m = metrics(card);
  const { cardHeight, gap } = m;
  const used = contentWidth(m, input, arrangement);
  const width = Math.max(input.width, used);
  const left = (width - used) / 2;

  const columnX = Array.from({ length: input.columns }, (_, i) => left + i * (card + gap));
  const lastColumnsX = (count: number) => columnX.slice(Math.max(0, input.columns - count));
  const cellY = arrangement === 'above' ? cardHeight + gap : 0;
  const cells: Spot[] = columnX.slice(0, input.cells).map((x) => ({ x, y: cellY }));
  const foundations: Spot[] =
    arrangement === 'side'
      ? Array.from({ length: input.foundations }, (_, i) => ({ x: left + used - card, y: i * (cardHeight + gap) }))
      : lastColumnsX(input.foundations).map((x) => ({ x, y: 0 }));

  const tableauY = tableauTop(m, arrangement);
  const budget = input.height - tableauY - cardHeight;
  const open =
    input.height > 0
      ? clamp(Math.floor(budget / (PLANNED_COLUMN - 1)), m.fanMin, Math.round(card * FAN_OPEN))
      : Math.max(m.fanMin, Math.round(card * FAN_NORMAL));
  const fans = columnX.map((_, i) => {
    const length = input.columnLengths[i] ?? 0;
    if (length <= PLANNED_COLUMN || input.height <= 0) return open;
    return clamp(Math.floor(budget / (length - 1)), m.fanMin, open);
  });
  const contentHeight = Math.max(
    tableauY + cardHeight + 4 * open,
    arrangement === 'side' ? sideHeight(m, input) : 0,
    ...columnX.map((_, i) => tableauY + cardHeight + Math.max(0, (input.columnLengths[i] ?? 0) - 1) * (fans[i] ?? open)),
  );
  const height = Math.ceil(Math.max(contentHeight, input.height));

  return {
    cardWidth: card,
    cardHeight,
    arrangement,
    cornerFont: m.cornerFont,
    width,
    height,
    cells,
    foundations,
    columns: columnX.map((x, i) => ({ x, y: tableauY, fan: fans[i] ?? open, height: height - tableauY })),
  };
}
