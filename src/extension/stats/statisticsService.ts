import * as vscode from 'vscode';
import type { EndedGame } from '../boardController';
import type { GameRecord } from './gameRecord';
import { RECORD_SCHEMA_VERSION } from './gameRecord';
import type { HistoryStore } from './historyStore';
import { RecordKeeper } from './recordKeeper';

/** The record for a game that has just ended. */
export function recordFor(ended: EndedGame, extensionVersion: string, endedAt: Date): GameRecord {
  const { saved } = ended;
  return {
    schema: RECORD_SCHEMA_VERSION,
    id: saved.id,
    variant: saved.variant as GameRecord['variant'],
    deal: saved.deal,
    startedAt: saved.startedAt,
    endedAt: endedAt.toISOString(),
    durationMs: saved.elapsedMs,
    moves: ended.moves,
    result: ended.result,
    withHelp: ended.withHelp ?? false,
    provedLost: ended.provedLost ?? false,
    extensionVersion,
    turns: saved.turns,
    par: ended.par ?? null,
    helpTurns: ended.helpTurns ?? [],
    ...(saved.board !== undefined ? { board: saved.board } : {}),
  };
}

/**
 * Keeps the history and what is read from it: records each ended game, reloads when another
 * window writes, reports damaged lines once, and never loses a record: one that cannot be
 * written waits in `globalState` and is written later (see {@link RecordKeeper}).
 */
export class StatisticsService implements vscode.Disposable {
  private records: GameRecord[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires after the records changed (here or in another window). */
  readonly onDidChange = this.changed.event;
  private readonly watcher: vscode.FileSystemWatcher;
  private readonly focus: vscode.Disposable;
  private loading: Promise<void> | undefined;
  /** The read that follows the one under way, shared by every call made during it. */
  private reloading: Promise<void> | undefined;
  /** What the view last showed; a reload that finds the same records does not redraw it. */
  private shown = '';
  private readonly keeper: RecordKeeper;

  constructor(
    readonly history: HistoryStore,
    state: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
    private readonly extensionVersion: string,
  ) {
    this.keeper = new RecordKeeper(history, state, (message) => log.error(message));
    const { folder, glob } = history.watch;
    const base = /^[a-z][\w+.-]+:/i.test(folder) && !/^[a-z]:[\\/]/i.test(folder) ? vscode.Uri.parse(folder) : vscode.Uri.file(folder);
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(base, glob));
    const reload = (): void => void this.load();
    this.watcher.onDidChange(reload);
    this.watcher.onDidCreate(reload);
    this.watcher.onDidDelete(reload);
    // Not every file system tells one browser tab of another's writes: coming back to a window
    // reads again (cheap: only records not read before are fetched).
    this.focus = vscode.window.onDidChangeWindowState((state) => {
      if (state.focused) reload();
    });
  }

  /** Every readable record, oldest first as in the file. */
  get all(): readonly GameRecord[] {
    return this.records;
  }

  /**
   * Reads the history again, one read at a time. A call during a read gets one more read after
   * it: the read under way may have started before what the caller has just written.
   */
  load(): Promise<void> {
    if (this.loading) {
      this.reloading ??= this.loading.then(() => {
        this.reloading = undefined;
        return this.load();
      });
      return this.reloading;
    }
    this.loading = this.readHistory().finally(() => (this.loading = undefined));
    return this.loading;
  }

  /**
   * Records a game that has just ended. Resolves `true` once the record is durable: in the
   * history, or waiting in `globalState` to be written there later (the player is told). Resolves
   * `false` when neither could be written, after logging it and telling the player: the caller
   * should then keep the game, which is not counted. Never rejects.
   */
  async record(ended: EndedGame): Promise<boolean> {
    let durable = false;
    try {
      const outcome = await this.keeper.keep(recordFor(ended, this.extensionVersion, new Date()));
      durable = outcome.kind !== 'lost';
      if (outcome.kind === 'waiting') {
        this.log.error(`Could not write ${this.history.path}: ${String(outcome.error)}; the game waits in globalState (${outcome.waiting} waiting)`);
        void vscode.window.showErrorMessage(
          vscode.l10n.t(
            'The statistics could not be saved in {0} (games waiting: {1}). They are kept and will be written when the folder can be written again.',
            this.history.dir,
            outcome.waiting,
          ),
        );
      } else if (outcome.kind === 'lost') {
        this.log.error(`Could not record game ${ended.saved.id}: ${this.history.path}: ${String(outcome.error)}; globalState: ${String(outcome.stateError)}`);
        void vscode.window.showErrorMessage(
          vscode.l10n.t(
            "This game could not be added to the statistics: neither {0} nor VS Code's storage could be written ({1}). Free some disk space, or make the folder writable.",
            this.history.dir,
            String(outcome.error),
          ),
        );
      }
    } catch (error) {
      // recordFor and the keeper do not throw; should a bug make them, the game is kept.
      this.log.error(`Could not record game ${ended.saved.id}: ${String(error)}`);
    }
    await this.load().catch(() => undefined);
    return durable;
  }

  private pending(): GameRecord[] {
    return this.keeper.waiting();
  }

  private async readHistory(): Promise<void> {
    try {
      const { records, damaged } = await this.history.read();
      // Records still waiting to be written count already: the player sees every game.
      const written = new Set(records.map((record) => record.id));
      this.records = [...records, ...this.pending().filter((record) => !written.has(record.id))];
      // Another window's write may have set this off, and may have undone this window's waiting records.
      void this.keeper.settle(written);
      if (damaged.length > 0) {
        const fresh = await this.history.keepAside(damaged);
        if (fresh.length > 0) {
          this.log.warn(`${fresh.length} damaged line(s) in ${this.history.path} were copied to ${this.history.damagedPath}`);
          void vscode.window.showWarningMessage(
            vscode.l10n.t(
              'Lines of the game history that could not be read: {0} (first: line {1}, {2}). They were kept in {3}; every other game is counted.',
              fresh.length,
              fresh[0].line,
              fresh[0].reason,
              this.history.damagedPath,
            ),
          );
        }
      }
    } catch (error) {
      this.log.error(`Could not read ${this.history.path}: ${String(error)}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('The game history could not be read: {0}', String(error)));
      // What was read before stays, and games waiting to be written count already.
      const known = new Set(this.records.map((record) => record.id));
      this.records = [...this.records, ...this.pending().filter((record) => !known.has(record.id))];
    }
    // One write wakes both the file watcher and the writer's own reload: redraw once.
    const signature = this.records.map((record) => record.id).join(',');
    if (signature === this.shown) return;
    this.shown = signature;
    this.changed.fire();
  }

  dispose(): void {
    this.keeper.dispose();
    this.watcher.dispose();
    this.focus.dispose();
    this.changed.dispose();
  }
}
