import type { BoardView } from '../../src/protocol/webviewMessages';

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
