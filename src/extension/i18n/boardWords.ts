import type { PileRef } from '../../engine';
import type { ViewWords } from '../boardView';
import type { Translate } from './translate';
import { variantName } from './variantText';

function rankName(t: Translate, rank: number): string {
  const names = [
    '',
    t('ace'),
    t('two'),
    t('three'),
    t('four'),
    t('five'),
    t('six'),
    t('seven'),
    t('eight'),
    t('nine'),
    t('ten'),
    t('jack'),
    t('queen'),
    t('king'),
  ];
  return names[rank] ?? String(rank);
}

function suitName(t: Translate, suit: number): string {
  return [t('clubs'), t('diamonds'), t('hearts'), t('spades')][suit] ?? String(suit);
}

function pileName(t: Translate, kind: PileRef['kind'], number: number): string {
  if (kind === 'tableau') return t('column {0}', number);
  if (kind === 'cell') return t('free cell {0}', number);
  return t('foundation {0}', number);
}

/**
 * Every word of the board in the player's language: toolbar, announcements, card and pile
 * names for screen readers. Templates keep their named placeholders (`{card}`, `{moves}`…):
 * the webview fills them.
 */
export function boardWords(t: Translate): ViewWords {
  return {
    strings: {
      undo: t('Undo'),
      redo: t('Redo'),
      restart: t('Restart'),
      newGame: t('New game'),
      sameDeal: t('Same deal again'),
      moves: t('Moves'),
      time: t('Time'),
      deal: t('Deal'),
      announceDeal: t('{variant}, deal {number}'),
      wonTitle: t('You won!'),
      wonSummary: t('Won in {moves} moves and {time}.'),
      stuckTitle: t('No legal move left'),
      stuckSummary: t('Undo a few moves, restart the deal or start a new game.'),
      lostTitle: t('Counted as lost'),
      lostSummary: t('The solver proved that this game could not be won from where it stood, and it was counted as lost. Start a new game or play the same deal again.'),
      emptyPile: t('empty'),
      boardLabel: t('Card table'),
      toolbarLabel: t('Game actions'),
      announceMove: t('{card} to {target}'),
      announcePickUp: t('Picked up {card} ({count} cards). Choose where to put it.'),
      announcePickUpOne: t('Picked up {card}. Choose where to put it.'),
      announceCancel: t('Put back.'),
      announceRefused: t('{card} cannot go to {target}.'),
      announceNowhere: t('{card} has nowhere to go.'),
      keyboardHelp: t(
        'Arrows: move between piles. Enter or Space: pick up, again for a longer run, then put down. Escape: put back or stop a playback. U undo, R redo, N new game, H hint (again to play it).',
      ),
      hint: t('Hint'),
      solve: t('Solve'),
      playSolution: t('Play solution'),
      stopPlayback: t('Stop'),
      badgeWinnable: t('Still winnable'),
      badgeLost: t('Not winnable any more (since move {move})'),
      badgeNeverWinnable: t('Not winnable from the start'),
      undoToWinnable: t('Undo to the last winnable position'),
      acceptLoss: t('Count it as lost'),
      announceHint: t('Hint: {move}'),
      announceUndo: t('Undone: {move}'),
      announceRedo: t('Redone: {move}'),
      par: t('Par {par}'),
      parHelp: t('Par: the shortest solution the solver found from the start of this deal (not a proved minimum)'),
      wonSummaryPar: t('Won in {moves} moves and {time}; par {par}.'),
      review: t('Review'),
      wonWithHelp: t('Counted as won with help.'),
    },
    cardName: (rank, suit) => t('{0} of {1}', rankName(t, rank), suitName(t, suit)),
    pileName: (kind, number) => pileName(t, kind, number),
    moveSentence: (card, from, to, count) =>
      count > 1 ? t('{0} cards from {1} to {2}, starting with {3}', count, from, to, card) : t('{0} from {1} to {2}', card, from, to),
    // A long run of cards home is counted, not listed: a sentence of twenty cards says little.
    withCardsHome: (sentence, cards) =>
      cards.length > 4 ? t('{0}, and {1} cards to the foundations', sentence, cards.length) : t('{0}, and to the foundations: {1}', sentence, cards.join(', ')),
    variantName: (id) => variantName(id, t),
  };
}
