import { parseHistory, recordLine, type DamagedLine, type GameRecord } from './gameRecord';
import type { HistoryStore, ResetScope } from './historyStore';

/**
 * The few file operations the record folder needs, on paths relative to its base folder
 * (`/`-separated). `workspaceRecordFs.ts` maps them onto `vscode.workspace.fs`; unit tests onto
 * Node's `fs`. No operation needs to be atomic across windows but `write` of one whole file.
 */
export interface RecordFs {
  /** The file's bytes; `undefined` when there is no such file. */
  read(path: string): Promise<Uint8Array | undefined>;
  /** Writes a whole file, making its folders first. */
  write(path: string, data: Uint8Array): Promise<void>;
  /** The names of the files in a folder; none when the folder is missing. */
  list(folder: string): Promise<string[]>;
  /** Removes a file; nothing happens when it is missing. */
  remove(path: string): Promise<void>;
  /** Renames a file, replacing the target. */
  rename(from: string, to: string): Promise<void>;
}

/** Where players are told the history is. */
export interface RecordFolderPlaces {
  /** The base folder, as shown (and, with a scheme, watched). */
  readonly base: string;
}

const RECORDS = 'records';
const BACKUPS = 'backups';
const DAMAGED = 'records.damaged.jsonl';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A file name for a record id: the id when it is a safe name (our ids are UUIDs), else the id
 * with every other character written as `_` and its code in hex, so two ids never share a name.
 */
export function recordFileName(id: string): string {
  const safe = /^[A-Za-z0-9-]{1,100}$/.test(id) ? id : Array.from(id, (c) => (/[A-Za-z0-9-]/.test(c) ? c : `_${c.codePointAt(0)!.toString(16)}_`)).join('');
  return `${safe}.json`;
}

/** What one record file held, as last read. */
type Entry = { readonly record: GameRecord } | { readonly damaged: DamagedLine };

/**
 * The history as a folder of files, one per finished game (`records/<id>.json`, one JSON line
 * each), through a {@link RecordFs}: what a browser's `vscode.workspace.fs` can do safely with
 * no lock and no append. Two windows finishing games at once write two different files, so
 * nothing is lost; a game written twice (two windows ending the same saved game, or a waiting
 * record written again) goes to the same file name and is counted once; every read also drops
 * a second record with an id already read. A record file is never rewritten, so a read fetches
 * only the files it has not read before. A damaged file stays where it is and is copied, once,
 * into `records.damaged.jsonl`.
 *
 * A reset copies every record into one backup file, then removes the files it takes away;
 * undoing it writes back the files of the backup's records that are missing, so games recorded
 * since stay. Two windows undoing at once restore the same backup twice, which writes the same
 * files: harmless.
 */
export class RecordFolderHistory implements HistoryStore {
  readonly path: string;
  readonly dir: string;
  readonly damagedPath: string;
  readonly watch: { readonly folder: string; readonly glob: string };
  readonly file = undefined;
  /** Record files read so far, by name; a name no longer listed is forgotten. */
  private readonly known = new Map<string, Entry>();

  constructor(
    private readonly fs: RecordFs,
    places: RecordFolderPlaces,
  ) {
    const base = places.base.replace(/\/+$/, '');
    this.dir = base;
    this.path = `${base}/${RECORDS}`;
    this.damagedPath = `${base}/${DAMAGED}`;
    this.watch = { folder: this.path, glob: '*.json' };
  }

  /** Writes the record's own file (the same name for the same id: a second write changes nothing). */
  async append(record: GameRecord): Promise<void> {
    await this.fs.write(`${RECORDS}/${recordFileName(record.id)}`, encoder.encode(`${recordLine(record)}\n`));
  }

  /** Every readable record, oldest first, each id once; every damaged file, with its reason. */
  async read(): Promise<{ records: GameRecord[]; damaged: DamagedLine[] }> {
    const names = (await this.fs.list(RECORDS)).filter((name) => name.endsWith('.json')).sort();
    const listed = new Set(names);
    for (const name of [...this.known.keys()]) if (!listed.has(name)) this.known.delete(name);
    const fresh = names.filter((name) => !this.known.has(name));
    // A few at a time: a first read of a long history should not open every file at once.
    await inBatches(fresh, (name) => this.readEntry(name));
    const byId = new Map<string, GameRecord>();
    const damaged: DamagedLine[] = [];
    for (const name of names) {
      const entry = this.known.get(name);
      if (!entry) continue;
      if ('damaged' in entry) damaged.push(entry.damaged);
      // A second record with an id already read is dropped, unless it is the one in the file
      // named after the id (a copy under another name never replaces it).
      else if (!byId.has(entry.record.id) || name === recordFileName(entry.record.id)) byId.set(entry.record.id, entry.record);
    }
    const records = [...byId.values()];
    records.sort((a, b) => a.endedAt.localeCompare(b.endedAt) || a.id.localeCompare(b.id));
    return { records, damaged };
  }

  private async readEntry(name: string): Promise<void> {
    const bytes = await this.fs.read(`${RECORDS}/${name}`);
    // Gone since it was listed (a reset in another window): not a record any more.
    if (bytes === undefined) return;
    const text = decoder.decode(bytes);
    const { records, damaged } = parseHistory(text);
    const where = `${RECORDS}/${name}`;
    if (records.length === 1 && damaged.length === 0) this.known.set(name, { record: records[0] });
    else if (damaged.length > 0) this.known.set(name, { damaged: { ...damaged[0], reason: `${damaged[0].reason} (${where})` } });
    else this.known.set(name, { damaged: { line: 1, text, reason: `${records.length === 0 ? 'empty' : 'more than one record'} (${where})` } });
  }

  /** Copies damaged files' text to the side file (each text once). The files themselves stay. */
  async keepAside(damaged: readonly DamagedLine[]): Promise<DamagedLine[]> {
    if (damaged.length === 0) return [];
    const before = decoder.decode((await this.fs.read(DAMAGED)) ?? new Uint8Array());
    const known = new Set(before.split('\n').filter((line) => line.length > 0).map(textOf));
    const fresh = damaged.filter((line) => !known.has(line.text));
    if (fresh.length > 0) {
      const lines = fresh.map((line) => JSON.stringify({ text: line.text, reason: line.reason, line: line.line, keptAt: new Date().toISOString() }));
      // Read, then written whole: two windows doing this at once may keep one copy fewer, but the
      // damaged files themselves are never touched, so nothing is lost.
      await this.fs.write(DAMAGED, encoder.encode(`${before}${before.length > 0 && !before.endsWith('\n') ? '\n' : ''}${lines.join('\n')}\n`));
    }
    return fresh;
  }

  /** Backs up every record, then removes the files of the records the scope takes. */
  async reset(scope: ResetScope): Promise<number> {
    const { records } = await this.read();
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const unique = globalThis.crypto.randomUUID().slice(0, 8);
    await this.fs.write(`${BACKUPS}/history-${stamp}-${unique}.jsonl`, encoder.encode(records.map((record) => `${recordLine(record)}\n`).join('')));
    const removed = records.filter((record) => scope === 'all' || record.variant === scope.variant);
    await inBatches(removed, (record) => this.fs.remove(`${RECORDS}/${recordFileName(record.id)}`));
    return removed.length;
  }

  async hasBackup(): Promise<boolean> {
    return (await this.latestBackup()) !== undefined;
  }

  /** Writes back the last backup's records that are missing now; the backup is renamed, not deleted. */
  async undoReset(): Promise<boolean> {
    const backup = await this.latestBackup();
    if (!backup) return false;
    const bytes = await this.fs.read(`${BACKUPS}/${backup}`);
    if (bytes === undefined) return false;
    const { records } = parseHistory(decoder.decode(bytes));
    const present = new Set((await this.read()).records.map((record) => record.id));
    await inBatches(
      records.filter((record) => !present.has(record.id)),
      (record) => this.append(record),
    );
    await this.fs.rename(`${BACKUPS}/${backup}`, `${BACKUPS}/${backup}.restored`).catch(() => undefined);
    return true;
  }

  private async latestBackup(): Promise<string | undefined> {
    const backups = (await this.fs.list(BACKUPS)).filter((name) => name.startsWith('history-') && name.endsWith('.jsonl')).sort();
    return backups[backups.length - 1];
  }
}

/** Runs `work` on every item, 16 at a time. */
async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += 16) await Promise.all(items.slice(start, start + 16).map(work));
}

/** Lines of the side file are compared by the damaged text they hold. */
function textOf(line: string): string {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string') return (value as { text: string }).text;
  } catch {
    // Not ours: compare as it is.
  }
  return line;
}
