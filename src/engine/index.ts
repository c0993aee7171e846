/**
 * The rules engine's public API: pure functions over plain data. Nothing here imports Node,
 * VS Code or the DOM, so the host, the solver worker, the CLI and the tests share one set of rules.
 */
export * from './types';
export { ALL_CARDS, cardInText, displayCard, formatCard, isCard, isRed, makeCard, parseCard, rankOf, suitOf } from './card';
export { VARIANTS, findVariant, getVariant, isVariantId } from './variants';
export { MAX_DEAL_NUMBER, microsoftShuffle, randomDealNumber, seededRandom } from './random';
export { dealPosition, isDealNumber, layOut, parseDealNumber } from './deal';
export {
  cardsOf,
  checkPosition,
  emptyColumnCount,
  foundationCount,
  freeCellCount,
  isHome,
  isWon,
  samePosition,
  variantOf,
} from './position';
export { canBuildOn, foundationAccepts, foundationFor, mayFillEmptyColumn, runLimit, sequenceLength } from './rules';
export { applyMove, checkMove, homeMoveOn, legalMoves, performMove, pileParams, unapplyMove } from './moves';
export { autoplay, isSafeHome, nextAutoplayMove } from './autoplay';
export {
  canRedo,
  canUndo,
  gameFromPosition,
  gameMoves,
  gameStatus,
  moveCount,
  newGame,
  playMove,
  redo,
  restart,
  restoreGame,
  setAutoplay,
  undo,
} from './game';
export type { Game, GameOptions, GameStatus, Turn } from './game';
export { columnLineCount, formatBoard, parseBoard } from './boardText';
export {
  formatMove,
  formatMoves,
  formatStandardMove,
  formatStandardMoves,
  parseMove,
  parseMoves,
  parseStandardMove,
  parseStandardMoves,
  standardNotationFits,
  withPlace,
} from './notation';
export { REFUSAL_MESSAGES, describeRefusal } from './refusals';
