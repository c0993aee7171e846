import type { Game, Move } from '../engine';
import { homeMoveOn, playMove } from '../engine';
import type { MoveMessage } from '../protocol/webviewMessages';
import { GameSession, ViewNumbering } from './gameSession';
import type { Translate } from './i18n/translate';

/** What the core asks of its owner, which holds the panel, the store and the statistics. */
export interface BoardCoreHooks {
  /** The player did something on the board (a solution being played stops). */
  playerActed(): void;
  /** The position changed: end a won game, store it, send the new view. */
  changed(): void;
  /** Nothing changed, but the board may show something else: send the current view again. */
  resend(): void;
  /** Tell the player why a move was refused. */
  refused(message: string): void;
}

/** A stored game to put back on the table, with what its record says. */
export interface StoredGameInfo {
  readonly id: string;
  readonly startedAt: string;
  readonly elapsedMs: number;
  /** What the solver had proved along its line (see SavedGame.proved). */
  readonly proved?: string;
  /** Whether help was taken, and on which turns (see SavedGame.withHelp, SavedGame.helpTurns). */
  readonly withHelp?: boolean;
  readonly helpTurns?: readonly number[];
}

/**
 * Which game a window's board holds, and the traffic of moves, undo and redo with its webview.
 * It knows nothing of VS Code (the controller wraps it), so the model-based test drives exactly
 * this logic against the real webview in Chromium. Two rules keep the board from getting stuck:
 * every game of the window numbers its views from one counter, and whatever is refused or
 * changes nothing is answered with the current view, so the board always ends showing what the
 * host holds.
 */
export class BoardCore {
  private readonly numbering = new ViewNumbering();
  private current: GameSession | undefined;

  constructor(
    private readonly hooks: BoardCoreHooks,
    private readonly t: Translate,
    private readonly newId: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  get session(): GameSession | undefined {
    return this.current;
  }

  /** Puts a game on the table: a new one, or a stored one with its id, start and time played. */
  begin(game: Game, stored?: StoredGameInfo): GameSession {
    const id = stored?.id ?? this.newId();
    const startedAt = stored?.startedAt ?? new Date(this.now()).toISOString();
    this.current = new GameSession(game, id, startedAt, stored?.elapsedMs ?? 0, this.now, this.numbering);
    if (stored?.proved !== undefined) this.current.restoreProved(stored.proved);
    if (stored?.withHelp) this.current.restoreHelp(stored.helpTurns ?? []);
    return this.current;
  }

  /** A move the webview proposed: played, or refused with the current view sent again. */
  move(message: MoveMessage): void {
    const session = this.current;
    if (!session) return;
    this.hooks.playerActed();
    const result = session.playFromWebview(message, this.t);
    if (result.ok) {
      this.hooks.changed();
      return;
    }
    this.hooks.refused(result.message);
    // Whether stale or illegal, the board may show something the host does not hold.
    this.hooks.resend();
  }

  /** Takes back a move; with nothing to undo the board is sent the current view all the same. */
  undo(): void {
    // A plain `t(…)` call: the translation check finds its messages by that shape.
    const t = this.t;
    this.hooks.playerActed();
    if (this.current?.undo()) this.hooks.changed();
    else this.nothingChanged(t('Nothing to undo.'));
  }

  /** Plays an undone move again; with nothing to redo the board is sent the current view. */
  redo(): void {
    const t = this.t;
    this.hooks.playerActed();
    if (this.current?.redo()) this.hooks.changed();
    else this.nothingChanged(t('Nothing to redo.'));
  }

  /** Undo or redo with nothing to take back or play again: said (a screen reader heard nothing), and the current view sent. */
  private nothingChanged(message: string): void {
    if (this.current) this.hooks.refused(message);
    this.hooks.resend();
  }

  /** Plays one move of a solution (checked by the engine); false when it does not apply here. */
  playSolverMove(move: Move): boolean {
    const session = this.current;
    if (!session || session.countedLost) return false;
    const played = playMove(session.game, homeMoveOn(session.game.position, move));
    if (!played.ok) return false;
    session.replace(played.value);
    session.markLastMoveHelped();
    this.hooks.changed();
    return true;
  }
}
