import type { BoardStrings, BoardView } from '../../src/protocol/webviewMessages';
import { fill } from './format';

/** Won, or counted as lost: the game takes no more moves. */
export function hasEnded(view: BoardView): boolean {
  return view.status === 'won' || view.status === 'lost';
}

/** What the badge says, as a key: a change of it is announced once. */
export function badgeKey(view: BoardView): string {
  return view.verdict ? `${view.verdict}:${view.lostAtMove ?? ''}` : '';
}

/** A won game as a key (its panel opens once per win), or undefined while it is not won. */
export function wonKey(view: BoardView): string | undefined {
  return view.status === 'won' ? `${view.gameId}:${view.moveCount}` : undefined;
}

/** The hint as a key (with the move count: the same move hinted again after a move is news). */
export function hintKey(view: BoardView): string {
  const move = view.hint?.move;
  return move ? `${view.moveCount}:${move.from.kind}${move.from.index}>${move.to.kind}${move.to.index}x${move.count}` : '';
}

/**
 * The badge's words: "Still winnable", or "Not winnable any more (since move 12)"; without the
 * move number, the words before the parenthesis; for a deal lost from its start (move 0), its
 * own words.
 */
export function badgeText(s: BoardStrings, verdict: 'winnable' | 'lost', lostAtMove: number | undefined): string {
  if (verdict === 'winnable') return s.badgeWinnable;
  if (lostAtMove === 0) return s.badgeNeverWinnable;
  if (lostAtMove !== undefined) return fill(s.badgeLost, { move: lostAtMove });
  const cut = s.badgeLost.indexOf('(');
  return (cut > 0 ? s.badgeLost.slice(0, cut) : s.badgeLost.replace(/\{move\}/g, '')).trim();
}
