import { migrateRecord, type GameRecord } from './gameRecord';

/** The part of a `vscode.Memento` (the extension's `globalState`) the keeper uses. */
export interface KeyValueState {
  keys(): readonly string[];
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** Where records go for good: the history file. */
export interface RecordSink {
  append(record: GameRecord): Promise<void>;
}

/** What became of a finished game. */
export type KeepOutcome =
  /** In the history file. */
  | { readonly kind: 'written' }
  /** The history could not be written (`error`); the record waits in `globalState`. */
  | { readonly kind: 'waiting'; readonly error: unknown; readonly waiting: number }
  /** Neither the history (`error`) nor `globalState` (`stateError`) could be written. */
  | { readonly kind: 'lost'; readonly error: unknown; readonly stateError: unknown };

/** Each waiting record has a key of its own, so that adding one never rewrites another. */
export const WAITING_PREFIX = 'bakersGame.pendingRecord.';
/** Where earlier versions kept the waiting records, as one array. */
export const LEGACY_WAITING_KEY = 'bakersGame.pendingRecords';
/** How often a window with records waiting tries the history again. */
const RETRY_MS = 30_000;

/**
 * Makes each finished game durable: appended to the history, or, when that fails (disk full,
 * folder read-only), kept waiting in `globalState` and appended later: with the next game, or
 * by a retry every 30 s. Never throws: {@link keep} says what happened.
 *
 * Calls are taken one at a time, so a waiting record is appended once, not once per call that
 * saw it. Two windows share `globalState`, and VS Code stores an extension's whole
 * `globalState` as one value (extHostMemento.ts: `setValue(shared, extensionId, wholeObject)`):
 * a window writing any key can, in the moment before it hears of another window's write, put
 * back a copy without that window's new key. A key per record keeps one window's writes from
 * undoing each other; across windows, each window remembers the records it set waiting and
 * writes them again when it finds them gone but not yet in the history. A record written twice
 * (two windows appending the same waiting record) is harmless: reading the history counts an
 * id once.
 */
export class RecordKeeper {
  /** Records this window set waiting, by id, until it sees them in the history. */
  private readonly mine = new Map<string, GameRecord>();
  private queue: Promise<unknown> = Promise.resolve();
  private retryTimer: ReturnType<typeof setInterval> | undefined;
  /** Unreadable waiting entries already reported, so that each is logged once. */
  private readonly reported = new Set<string>();
  private lastAppendError = '';

  constructor(
    private readonly history: RecordSink,
    private readonly state: KeyValueState,
    private readonly log: (message: string) => void,
    private readonly retryMs = RETRY_MS,
  ) {}

  /** Appends `record` (after the records still waiting), or keeps it waiting. Never rejects. */
  keep(record: GameRecord): Promise<KeepOutcome> {
    return this.enqueue(() => this.keepNow(record)).catch((error: unknown): KeepOutcome => {
      // Only a bug gets here; the record may be written or not, and is not waiting.
      this.log(`Recording ${record.id} failed: ${String(error)}`);
      return { kind: 'lost', error, stateError: error };
    });
  }

  /**
   * After a read of the history: forgets this window's waiting records that are in it now, and
   * writes again those another window's `globalState` write undid. Also moves records from the
   * old single array to keys of their own.
   */
  settle(written: ReadonlySet<string>): Promise<void> {
    return this.enqueue(() => this.restore(written)).catch(() => undefined);
  }

  /** Every record waiting to be appended, this window's and other windows', each id once. */
  waiting(): GameRecord[] {
    const byId = new Map<string, GameRecord>();
    const entries: [string, unknown][] = this.state
      .keys()
      .filter((key) => key.startsWith(WAITING_PREFIX))
      .map((key) => [key, this.state.get(key)]);
    const legacy = this.state.get(LEGACY_WAITING_KEY);
    if (Array.isArray(legacy)) entries.push(...legacy.map((value: unknown, index): [string, unknown] => [`${LEGACY_WAITING_KEY}[${index}]`, value]));
    for (const [key, value] of entries) {
      const migrated = migrateRecord(value);
      if (migrated.ok) {
        if (!byId.has(migrated.record.id)) byId.set(migrated.record.id, migrated.record);
      } else if (!this.reported.has(key)) {
        this.reported.add(key);
        this.log(`A waiting record in globalState (${key}) cannot be read (${migrated.reason}); it is left there.`);
      }
    }
    for (const record of this.mine.values()) if (!byId.has(record.id)) byId.set(record.id, record);
    return [...byId.values()];
  }

  /** Stops the retries. */
  dispose(): void {
    clearInterval(this.retryTimer);
    this.retryTimer = undefined;
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async keepNow(record: GameRecord): Promise<KeepOutcome> {
    await this.restore(new Set());
    await this.appendWaiting(record.id);
    let outcome: KeepOutcome;
    try {
      await this.history.append(record);
      outcome = { kind: 'written' };
    } catch (error) {
      try {
        await this.state.update(WAITING_PREFIX + record.id, record);
        this.mine.set(record.id, record);
        outcome = { kind: 'waiting', error, waiting: this.waiting().length };
      } catch (stateError) {
        outcome = { kind: 'lost', error, stateError };
      }
    }
    this.scheduleRetry();
    return outcome;
  }

  private async restore(written: ReadonlySet<string>): Promise<void> {
    try {
      for (const record of [...this.mine.values()]) {
        if (written.has(record.id)) this.mine.delete(record.id);
        else if (this.state.get(WAITING_PREFIX + record.id) === undefined) await this.state.update(WAITING_PREFIX + record.id, record);
      }
      const legacy = this.state.get(LEGACY_WAITING_KEY);
      if (!Array.isArray(legacy)) return;
      const records = legacy.map((value: unknown) => migrateRecord(value));
      for (const migrated of records) {
        if (migrated.ok && this.state.get(WAITING_PREFIX + migrated.record.id) === undefined) await this.state.update(WAITING_PREFIX + migrated.record.id, migrated.record);
      }
      // An entry that cannot be read stays where it is, for a bug report.
      if (records.every((migrated) => migrated.ok)) await this.state.update(LEGACY_WAITING_KEY, undefined);
    } catch (error) {
      this.log(`Could not write the waiting records to globalState: ${String(error)}`);
    }
    this.scheduleRetry();
  }

  /** Appends the waiting records, oldest first, until one fails (the disk is not back yet). */
  private async appendWaiting(exceptId: string | undefined): Promise<void> {
    const waiting = this.waiting()
      .filter((record) => record.id !== exceptId)
      .sort((a, b) => a.endedAt.localeCompare(b.endedAt));
    for (const record of waiting) {
      try {
        await this.history.append(record);
      } catch (error) {
        // A retry every 30 s against a full disk would fill the log: say each new reason once.
        if (String(error) !== this.lastAppendError) this.log(`Could not write the waiting record ${record.id}: ${String(error)}`);
        this.lastAppendError = String(error);
        return;
      }
      this.lastAppendError = '';
      this.mine.delete(record.id);
      try {
        await this.state.update(WAITING_PREFIX + record.id, undefined);
      } catch (error) {
        // It is in the history: if it stays here too, it is appended again and read once.
        this.log(`Could not take the written record ${record.id} out of globalState: ${String(error)}`);
      }
    }
  }

  /** Retries while this window has records waiting, and only then. */
  private scheduleRetry(): void {
    if (this.mine.size === 0) return this.dispose();
    if (this.retryTimer !== undefined) return;
    this.retryTimer = setInterval(() => {
      void this.enqueue(async () => {
        await this.restore(new Set());
        await this.appendWaiting(undefined);
        this.scheduleRetry();
      }).catch(() => undefined);
    }, this.retryMs);
    // A timer must not keep a process alive (the unit tests; the host does not care).
    this.retryTimer.unref?.();
  }
}
