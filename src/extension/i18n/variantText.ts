import type { VariantId } from '../../engine';
import type { Translate } from './translate';

/** Each variant's name and one-line description, as keys the translations follow. */
const TEXTS: Readonly<Record<VariantId, (t: Translate) => { name: string; description: string }>> = {
  'bakers-game': (t) => ({ name: t("Baker's Game"), description: t('FreeCell’s ancestor: 8 columns, 4 free cells, build down in the same suit.') }),
  'bakers-game-kings': (t) => ({ name: t("Kings-only Baker's Game"), description: t("Baker's Game where only a King may fill an empty column.") }),
  'bakers-game-relaxed': (t) => ({
    name: t("Relaxed Baker's Game"),
    description: t("Baker's Game where any same-suit run may move at once, whatever the free space."),
  }),
  'bakers-game-3': (t) => ({ name: t("Baker's Game, 3 cells"), description: t("Baker's Game with only 3 free cells.") }),
  'bakers-game-5': (t) => ({ name: t("Baker's Game, 5 cells"), description: t("Baker's Game with 5 free cells.") }),
  'bakers-game-6': (t) => ({ name: t("Baker's Game, 6 cells"), description: t("Baker's Game with 6 free cells.") }),
  freecell: (t) => ({ name: t('FreeCell'), description: t('The classic: 8 columns, 4 free cells, build down in alternate colours.') }),
  'eight-off': (t) => ({
    name: t('Eight Off'),
    description: t('8 columns of 6 and 8 free cells, 4 of them filled; same suit; only Kings fill empty columns.'),
  }),
  seahaven: (t) => ({
    name: t('Seahaven Towers'),
    description: t('10 columns of 5 and 4 free cells, 2 of them filled; same suit; only Kings fill empty columns.'),
  }),
  'bakers-dozen': (t) => ({
    name: t("Baker's Dozen"),
    description: t('13 columns of 4 with Kings at the bottom; build down by rank; empty columns stay empty.'),
  }),
  'bakers-dozen-easy': (t) => ({
    name: t("Baker's Dozen (easy)"),
    description: t("Baker's Dozen where any card may fill an empty column and runs move using empty columns."),
  }),
  'good-measure': (t) => ({
    name: t('Good Measure'),
    description: t('Two Aces start the foundations, 10 columns of 5 with Kings at the bottom; build down by rank.'),
  }),
  'spanish-patience': (t) => ({
    name: t('Spanish Patience'),
    description: t("Baker's Dozen whose foundations start with any Ace and go up in alternate colours."),
  }),
};

/** The variant's name in the player's language (the id itself for an unknown one). */
export function variantName(id: string, t: Translate): string {
  return (TEXTS as Record<string, (t: Translate) => { name: string }>)[id]?.(t).name ?? id;
}

/** The variant's one-line description in the player's language. */
export function variantDescription(id: string, t: Translate): string {
  return (TEXTS as Record<string, (t: Translate) => { description: string }>)[id]?.(t).description ?? '';
}
