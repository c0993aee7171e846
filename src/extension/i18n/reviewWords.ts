import type { MarkKind, ReviewStrings } from '../../protocol/reviewMessages';
import type { Translate } from './translate';

/** The review page's fixed words in the player's language. */
export function reviewStrings(t: Translate): ReviewStrings {
  return {
    timelineLabel: t('Timeline of the moves'),
    controlsLabel: t('Step through the game'),
    first: t('Start'),
    startMark: t('Start position'),
    previous: t('Previous move'),
    next: t('Next move'),
    last: t('End'),
    slider: t('Position in the game'),
    showBetter: t('Show the better move'),
    hideBetter: t('Hide the better move'),
    leave: t('Leave review'),
    legend: {
      winnable: t('still winnable'),
      detour: t('detour'),
      losing: t('the move that lost the deal'),
      lost: t('already lost'),
      unknown: t('unknown'),
      help: t('made with help'),
    },
    keyboardHelp: t('Left and Right: previous and next move. Home and End: the start and the end. B: show the better move. Escape: leave the review.'),
  };
}

/** What a screen reader says of one move's mark ("Move 12: detour of 3 moves, made with help"). */
export function markSpoken(t: Translate, move: number, kind: MarkKind, extra: number | undefined, help: boolean): string {
  const what: Record<MarkKind, string> = {
    pending: t('not analysed yet'),
    winnable: t('still winnable'),
    detour: extra === 1 ? t('detour of 1 move') : t('detour of {0} moves', extra ?? 0),
    losing: t('the move that lost the deal'),
    lost: t('already lost'),
    unknown: t('unknown within the budget'),
  };
  const text = t('Move {0}: {1}', move, what[kind]);
  return help ? t('{0}, made with help', text) : text;
}
