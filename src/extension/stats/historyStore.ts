import type { DamagedLine, GameRecord } from './gameRecord';

/** Which records a reset takes away. */
export type ResetScope = { readonly variant: string } | 'all';

/**
 * Where finished games are kept, as the statistics see it. Two implementations: the history
 * file with its lock on a desktop (`historyFile.ts`), and a folder of one file per record
 * through `vscode.workspace.fs`, without locks, in a browser (`web/recordFolder.ts`). Both
 * lose no record when two windows write at once, count a game once however often it was
 * written, and keep damaged entries aside instead of dropping them.
 */
export interface HistoryStore {
  /** Where the history is, as the player is told (a file, or the folder of records). */
  readonly path: string;
  /** The folder the history lives in, as the player is told. */
  readonly dir: string;
  /** Where damaged entries are copied, as the player is told. */
  readonly damagedPath: string;
  /**
   * What to watch for other windows' writes: a folder (an absolute file path, or a URI with
   * its scheme) and a glob of the names in it.
   */
  readonly watch: { readonly folder: string; readonly glob: string };
  /** The one file Open History File shows; `undefined` when the history is not a single file. */
  readonly file: string | undefined;
  /** Adds one finished game. */
  append(record: GameRecord): Promise<void>;
  /** Every readable record (each id once) and every damaged entry. A missing history is empty. */
  read(): Promise<{ records: GameRecord[]; damaged: DamagedLine[] }>;
  /** Copies damaged entries aside (each once); resolves with those not copied before. */
  keepAside(damaged: readonly DamagedLine[]): Promise<DamagedLine[]>;
  /** Takes away the records of one variant (or all) after a backup; resolves with how many went. */
  reset(scope: ResetScope): Promise<number>;
  /** Whether a reset can be undone. */
  hasBackup(): Promise<boolean>;
  /** Restores what the last reset took, keeping every game recorded since; false when there was none. */
  undoReset(): Promise<boolean>;
}
