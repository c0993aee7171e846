import * as vscode from 'vscode';
import type { Game } from '../engine';
import type { BoardController } from './boardController';
import { formatDuration } from './gameClock';
import { variantName } from './i18n/variantText';

/** Variant, deal, moves and time of a game, as the item shows it. */
function describe(game: Game, elapsedMillis: number): string {
  const deal = game.dealNumber === null ? vscode.l10n.t('imported') : `#${game.dealNumber}`;
  const moves = game.done.length;
  return `${variantName(game.variant, vscode.l10n.t)} ${deal} · ${moves === 1 ? vscode.l10n.t('1 move') : vscode.l10n.t('{0} moves', moves)} · ${formatDuration(elapsedMillis)}`;
}

/**
 * Variant, deal, moves and time while the window has a game (its tab open or closed), or before
 * it takes up a stored one (after a reload, with the board's tab closed or not yet shown: the
 * game showing the board would bring back); clicking shows the board. It ticks once a second
 * only while the clock runs.
 */
export class GameStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('bakersGame.status', vscode.StatusBarAlignment.Left, 10);
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly subscription: vscode.Disposable;
  /** Counts updates, so that a stored game's name that comes late does not undo a newer one. */
  private updates = 0;
  private disposed = false;
  /** The stored game's words last worked out, shown again at once while they are checked. */
  private storedWords: string | undefined;

  constructor(private readonly controller: BoardController) {
    this.item.name = vscode.l10n.t("Baker's Game");
    this.item.command = 'bakersGame.showBoard';
    this.subscription = controller.onDidChange(() => this.update());
    this.update();
  }

  /** The text shown now (the integration tests read it). */
  get text(): string {
    return this.item.text;
  }

  /** What a screen reader says of the item (the integration tests read it). */
  get accessibleLabel(): string | undefined {
    return this.item.accessibilityInformation?.label;
  }

  /** Shows `words` after the game's icon; a screen reader hears the words, not the icon's name ("symbol-misc", a play-test). */
  private show(words: string): void {
    const action = vscode.l10n.t('Show the board');
    this.item.text = `$(symbol-misc) ${words}`;
    this.item.tooltip = action;
    this.item.accessibilityInformation = { label: `${words}, ${action}`, role: 'button' };
    this.item.show();
  }

  private update(): void {
    const session = this.controller.currentSession;
    // Shown while the window has a game, with its tab open or closed: a click brings it back.
    const asked = ++this.updates;
    if (!session) {
      this.stopTicking();
      // A game in progress stored (say, its tab closed before a reload): offer to bring it back,
      // named as soon as it is known which one showing the board would take up.
      if (this.controller.hasStoredGame) {
        this.show(this.storedWords ?? vscode.l10n.t("Baker's Game"));
        void this.controller.nextStoredGame().then(
          (stored) => {
            if (asked !== this.updates || this.disposed) return;
            this.storedWords = stored && describe(stored.game, stored.elapsedMillis);
            if (this.storedWords) this.show(this.storedWords);
            else this.item.hide();
          },
          () => undefined,
        );
      } else this.item.hide();
      return;
    }
    this.show(describe(session.game, session.clock.elapsedMillis()));
    if (session.clock.running) this.startTicking();
    else this.stopTicking();
  }

  private startTicking(): void {
    this.timer ??= setInterval(() => this.update(), 1000);
  }

  private stopTicking(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.stopTicking();
    this.subscription.dispose();
    this.item.dispose();
  }
}
