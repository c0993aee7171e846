import { checkMove, legalMoves, performMove } from './moves';
import { rankOf } from './card';
import type { Move, MoveRequest, Outcome, PileRef, Position, Refusal, Variant, VariantId } from './types';
import { getVariant } from './variants';

const PILE_LETTER: Record<PileRef['kind'], string> = { tableau: 't', cell: 'c', foundation: 'f' };
const LETTER_KIND: Record<string, PileRef['kind']> = { t: 'tableau', c: 'cell', f: 'foundation' };

/**
 * A move in long notation, 1-based: `t3-t8`, `4:t3-t8` for a run of 4, `t3-c1`, `c1-t5`,
 * `t3-f`. The foundation keeps its number only where the card alone does not name it
 * (Spanish Patience: `t3-f2`).
 */
export function formatMove(move: Move, variant: Variant | VariantId): string {
  const rules = typeof variant === 'string' ? getVariant(variant) : variant;
  const pile = (ref: PileRef): string =>
    ref.kind === 'foundation' && rules.foundation === 'by-suit' ? 'f' : `${PILE_LETTER[ref.kind]}${ref.index + 1}`;
  return `${move.count > 1 ? `${move.count}:` : ''}${pile(move.from)}-${pile(move.to)}`;
}

/** Moves in long notation separated by spaces, oldest first. */
export function formatMoves(moves: readonly Move[], variant: Variant | VariantId): string {
  return moves.map((move) => formatMove(move, variant)).join(' ');
}

/**
 * Reads one long-notation token. `t3-f` and `t3-c` (no number) ask for "its foundation" and
 * "any free cell". Whether the piles exist is {@link applyMove}'s business; this only reads.
 */
export function parseMove(token: string): Outcome<MoveRequest> {
  const match = /^(?:(\d+):)?([tcf])(\d+)-(?:([tcf])(\d+)?)$/i.exec(token.trim());
  const bad: Outcome<never> = { ok: false, refusal: { code: 'bad-notation', params: { token } } };
  if (!match) return bad;
  const count = match[1] === undefined ? 1 : Number(match[1]);
  const fromIndex = Number(match[3]) - 1;
  const toKind = LETTER_KIND[match[4].toLowerCase()];
  if (count < 1 || fromIndex < 0) return bad;
  const from: PileRef = { kind: LETTER_KIND[match[2].toLowerCase()], index: fromIndex };
  if (match[5] === undefined) {
    if (toKind === 'tableau') return bad;
    return { ok: true, value: { from, to: { kind: toKind }, count } };
  }
  const toIndex = Number(match[5]) - 1;
  if (toIndex < 0) return bad;
  return { ok: true, value: { from, to: { kind: toKind, index: toIndex }, count } };
}

/** Reads long-notation tokens separated by white space; a refusal names the 1-based `index` and the `token`. */
export function parseMoves(text: string): Outcome<MoveRequest[]> {
  const requests: MoveRequest[] = [];
  const tokens = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    const parsed = parseMove(tokens[i]);
    if (!parsed.ok) return { ok: false, refusal: { code: 'bad-notation', params: { index: i + 1, token: tokens[i] } } };
    requests.push(parsed.value);
  }
  return { ok: true, value: requests };
}

/** Whether standard FreeCell notation can name every pile of the variant (≤ 10 columns, ≤ 7 cells). */
export function standardNotationFits(variant: Variant | VariantId): boolean {
  const rules = typeof variant === 'string' ? getVariant(variant) : variant;
  return rules.columns <= 10 && rules.cells <= 7 && rules.foundation === 'by-suit';
}

function cannotExpress(variant: Variant): Outcome<never> {
  return { ok: false, refusal: { code: 'notation-cannot-express', params: { variant: variant.id, columns: variant.columns, cells: variant.cells } } };
}

/**
 * A move in standard FreeCell notation (`38`, `3a`, `a8`, `1h`; columns `1`–`9` then `0`, cells
 * `a`–`g`, foundation `h`). The run length is not written, as in other FreeCell tools; readers
 * work it out. Refused (`notation-cannot-express`) for layouts the notation cannot name.
 */
export function formatStandardMove(move: Move, variant: Variant | VariantId): Outcome<string> {
  const rules = typeof variant === 'string' ? getVariant(variant) : variant;
  if (!standardNotationFits(rules)) return cannotExpress(rules);
  const name = (ref: PileRef): string =>
    ref.kind === 'tableau' ? String((ref.index + 1) % 10) : ref.kind === 'cell' ? 'abcdefg'[ref.index] : 'h';
  return { ok: true, value: name(move.from) + name(move.to) };
}

/**
 * Reads a standard-notation move against the position it is played in, working out the run
 * length: the only one that fits onto a card, or onto an empty column the longest one allowed
 * (FreeCell Pro's convention). Refusals: `notation-cannot-express`, `bad-notation`, or the rule
 * the move breaks.
 */
export function parseStandardMove(token: string, position: Position): Outcome<Move> {
  const variant = getVariant(position.variant);
  if (!standardNotationFits(variant)) return cannotExpress(variant);
  const match = /^([0-9a-g])([0-9a-h])$/i.exec(token.trim());
  if (!match) return { ok: false, refusal: { code: 'bad-notation', params: { token } } };
  const pile = (char: string): PileRef => {
    const c = char.toLowerCase();
    if (c === 'h') return { kind: 'foundation', index: 0 };
    if (/[0-9]/.test(c)) return { kind: 'tableau', index: (Number(c) + 9) % 10 };
    return { kind: 'cell', index: c.charCodeAt(0) - 97 };
  };
  const from = pile(match[1]);
  const to = pile(match[2]);
  if (to.kind === 'foundation') return checkMove(position, { from, to: { kind: 'foundation' }, count: 1 });
  if (from.kind === 'tableau' && to.kind === 'tableau') {
    const candidates = legalMoves(position).filter(
      (move) => move.from.kind === 'tableau' && move.from.index === from.index && move.to.kind === 'tableau' && move.to.index === to.index,
    );
    if (candidates.length > 0) return { ok: true, value: candidates.reduce((a, b) => (b.count > a.count ? b : a)) };
    // Word the refusal after the run length the player most likely meant.
    const source = position.columns[from.index];
    const target = position.columns[to.index];
    let count = 1;
    if (source && target && source.length > 0 && target.length > 0) {
      const wanted = rankOf(target[target.length - 1]) - rankOf(source[source.length - 1]);
      if (wanted > 1 && wanted <= source.length) count = wanted;
    }
    return checkMove(position, { from, to, count });
  }
  return checkMove(position, { from, to, count: 1 });
}

/**
 * Reads standard-notation moves separated by white space, playing each from `start` to read
 * the next. A refusal names the 1-based `index` and `token` and carries the reason's code.
 */
export function parseStandardMoves(text: string, start: Position): Outcome<Move[]> {
  const moves: Move[] = [];
  let position = start;
  const tokens = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    const parsed = parseStandardMove(tokens[i], position);
    if (!parsed.ok) return { ok: false, refusal: withPlace(parsed.refusal, i + 1, tokens[i]) };
    moves.push(parsed.value);
    position = performMove(position, parsed.value);
  }
  return { ok: true, value: moves };
}

/** Standard-notation moves separated by spaces, or the refusal for a layout it cannot name. */
export function formatStandardMoves(moves: readonly Move[], variant: Variant | VariantId): Outcome<string> {
  const parts: string[] = [];
  for (const move of moves) {
    const formatted = formatStandardMove(move, variant);
    if (!formatted.ok) return formatted;
    parts.push(formatted.value);
  }
  return { ok: true, value: parts.join(' ') };
}

/** The refusal with the place (1-based move index and token) where it happened added to its parameters. */
export function withPlace(refusal: Refusal, index: number, token: string): Refusal {
  return { code: refusal.code, params: { ...refusal.params, index, token } };
}
