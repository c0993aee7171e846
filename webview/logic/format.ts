import type { CardView, PileRefView } from '../../src/protocol/webviewMessages';

const RANK_CODES = 'A23456789TJQK';
const SUIT_CODES = 'CDHS';

/** The short code the tests and tools use for a card: rank letter and suit letter ("7C", "TD"). */
export function cardCode(card: Pick<CardView, 'rank' | 'suit'>): string {
  return `${RANK_CODES.charAt(card.rank - 1)}${SUIT_CODES.charAt(card.suit)}`;
}

/** The pile's hook name: `tableau-0`, `cell-2`, `foundation-1`. */
export function pileKey(ref: PileRefView): string {
  return `${ref.kind}-${ref.index}`;
}

export function samePile(a: PileRefView, b: PileRefView): boolean {
  return a.kind === b.kind && a.index === b.index;
}

/** Replaces `{name}` placeholders; unknown placeholders stay as they are. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** `m:ss`, or `h:mm:ss` from an hour on. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
