import type { PileRef } from '../engine';
import type { ViewWords } from './boardView';

const RANK_NAMES = ['', 'ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king'];
const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'];
const PILE_NAMES: Record<PileRef['kind'], string> = { tableau: 'column', cell: 'free cell', foundation: 'foundation' };

/** The English words of the board; the source every translation starts from. */
export const ENGLISH_WORDS: ViewWords = {
  strings: {
    undo: 'Undo',
    redo: 'Redo',
    restart: 'Restart',
    newGame: 'New game',
    sameDeal: 'Same deal again',
    moves: 'Moves',
    time: 'Time',
    deal: 'Deal',
    wonTitle: 'You won!',
    wonSummary: 'Won in {moves} moves and {time}.',
    stuckTitle: 'No legal move left',
    stuckSummary: 'Undo a few moves, restart the deal or start a new game.',
    emptyPile: 'empty',
    boardLabel: 'Card table',
    toolbarLabel: 'Game actions',
    announceMove: '{card} to {target}',
    announcePickUp: 'Picked up {card} ({count} cards). Choose where to put it.',
    announceCancel: 'Put back.',
    announceRefused: '{card} cannot go to {target}.',
    announceNowhere: '{card} has nowhere to go.',
    keyboardHelp: 'Arrows: move between piles. Enter or Space: pick up, again for a longer run, then put down. Escape: put back or stop a playback. U undo, R redo, N new game, H hint (again to play it).',
    announcePickUpOne: 'Picked up {card}. Choose where to put it.',
    hint: 'Hint',
    solve: 'Solve',
    playSolution: 'Play solution',
    stopPlayback: 'Stop',
    badgeWinnable: 'Still winnable',
    badgeLost: 'Not winnable any more (since move {move})',
    undoToWinnable: 'Undo to the last winnable position',
    acceptLoss: 'Count it as lost',
    announceHint: 'Hint: {move}',
  },
  cardName: (rank, suit) => `${RANK_NAMES[rank] ?? rank} of ${SUIT_NAMES[suit] ?? suit}`,
  pileName: (kind, number) => `${PILE_NAMES[kind]} ${number}`,
  moveSentence: (card, from, to, count) => (count > 1 ? `${count} cards from ${from} to ${to}, starting with ${card}` : `${card} from ${from} to ${to}`),
};
