import type { Outcome, Variant, VariantId } from './types';

const bakersGameBase = {
  layout: 'eight-columns',
  columns: 8,
  cells: 4,
  build: 'same-suit',
  emptyColumn: 'any',
  sequenceLimit: 'supermove',
  foundation: 'by-suit',
  autoplay: 'same-suit',
} as const;

const bakersDozenBase = {
  layout: 'bakers-dozen',
  columns: 13,
  cells: 0,
  build: 'any-suit',
  emptyColumn: 'none',
  sequenceLimit: 'one',
  foundation: 'by-suit',
  autoplay: 'rank',
} as const;

/**
 * Every variant, one row each (DESIGN.md section 3). The rules read these fields and nothing
 * else, so a new variant that combines known rules is a new row here.
 */
export const VARIANTS: readonly Variant[] = [
  {
    ...bakersGameBase,
    id: 'bakers-game',
    name: "Baker's Game",
    description: 'FreeCell’s ancestor: 8 columns, 4 free cells, build down in the same suit.',
  },
  {
    ...bakersGameBase,
    id: 'bakers-game-kings',
    name: "Kings-only Baker's Game",
    description: "Baker's Game where only a King may fill an empty column.",
    emptyColumn: 'king',
    sequenceLimit: 'cells-plus-one',
  },
  {
    ...bakersGameBase,
    id: 'bakers-game-relaxed',
    name: "Relaxed Baker's Game",
    description: "Baker's Game where any same-suit run may move at once, whatever the free space.",
    sequenceLimit: 'unlimited',
  },
  {
    ...bakersGameBase,
    id: 'bakers-game-3',
    name: "Baker's Game, 3 cells",
    description: "Baker's Game with only 3 free cells.",
    cells: 3,
  },
  {
    ...bakersGameBase,
    id: 'bakers-game-5',
    name: "Baker's Game, 5 cells",
    description: "Baker's Game with 5 free cells.",
    cells: 5,
  },
  {
    ...bakersGameBase,
    id: 'bakers-game-6',
    name: "Baker's Game, 6 cells",
    description: "Baker's Game with 6 free cells.",
    cells: 6,
  },
  {
    ...bakersGameBase,
    id: 'freecell',
    name: 'FreeCell',
    description: 'The classic: 8 columns, 4 free cells, build down in alternate colours.',
    build: 'alternate-colour',
    autoplay: 'freecell',
  },
  {
    ...bakersGameBase,
    id: 'eight-off',
    name: 'Eight Off',
    description: '8 columns of 6 and 8 free cells, 4 of them filled; same suit; only Kings fill empty columns.',
    layout: 'eight-off',
    cells: 8,
    emptyColumn: 'king',
    sequenceLimit: 'cells-plus-one',
  },
  {
    ...bakersGameBase,
    id: 'seahaven',
    name: 'Seahaven Towers',
    description: '10 columns of 5 and 4 free cells, 2 of them filled; same suit; only Kings fill empty columns.',
    layout: 'seahaven',
    columns: 10,
    emptyColumn: 'king',
    sequenceLimit: 'cells-plus-one',
  },
  {
    ...bakersDozenBase,
    id: 'bakers-dozen',
    name: "Baker's Dozen",
    description: '13 columns of 4 with Kings at the bottom; build down by rank; empty columns stay empty.',
  },
  {
    ...bakersDozenBase,
    id: 'bakers-dozen-easy',
    name: "Baker's Dozen (easy)",
    description: "Baker's Dozen where any card may fill an empty column and runs move using empty columns.",
    emptyColumn: 'any',
    sequenceLimit: 'doubling',
  },
  {
    ...bakersDozenBase,
    id: 'good-measure',
    name: 'Good Measure',
    description: 'Two Aces start the foundations, 10 columns of 5 with Kings at the bottom; build down by rank.',
    layout: 'good-measure',
    columns: 10,
  },
  {
    ...bakersDozenBase,
    id: 'spanish-patience',
    name: 'Spanish Patience',
    description: "Baker's Dozen whose foundations start with any Ace and go up in alternate colours.",
    foundation: 'alternate-colour',
    autoplay: 'aces-only',
  },
];

const byId = new Map<string, Variant>(VARIANTS.map((variant) => [variant.id, variant]));

/** Whether the text is the id of a known variant (for input from settings, files or the command line). */
export function isVariantId(id: unknown): id is VariantId {
  return typeof id === 'string' && byId.has(id);
}

/**
 * The variant with this id, or the refusal `unknown-variant` for input that came from outside
 * (a setting, a saved game, the command line).
 */
export function findVariant(id: string): Outcome<Variant> {
  const variant = byId.get(id);
  return variant
    ? { ok: true, value: variant }
    : { ok: false, refusal: { code: 'unknown-variant', params: { id, known: VARIANTS.map((v) => v.id).join(', ') } } };
}

/**
 * The variant with this id. Throws on an unknown id, because inside the engine a position's
 * id was already checked; use {@link findVariant} for untrusted input.
 */
export function getVariant(id: string): Variant {
  const variant = byId.get(id);
  if (!variant) throw new Error(`Unknown variant "${id}"; known variants: ${VARIANTS.map((v) => v.id).join(', ')}`);
  return variant;
}
