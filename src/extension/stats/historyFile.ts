import { appendFile, mkdir, open, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withFileLock } from './fileLock';
import { parseHistory, recordLine, type DamagedLine, type GameRecord } from './gameRecord';
import type { HistoryStore, ResetScope } from './historyStore';

export type { ResetScope } from './historyStore';

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/**
 * Writes a whole file so that readers see the old or the new text, never half of it. Not at
 * all when the history lock was lost meanwhile: another window may have appended since the
 * text was read, and the new file would drop that game.
 */
async function replaceFile(path: string, text: string, lost: AbortSignal): Promise<void> {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, text, { flush: true });
  if (lost.aborted) {
    await rm(temporary, { force: true });
    lost.throwIfAborted();
  }
  await rename(temporary, path);
}

function idOfLine(line: string): string | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The history of finished games: one JSON line per game in `history.jsonl` under the
 * extension's global storage. Appends and rewrites hold a lock file, so two windows lose
 * nothing; damaged lines stay in the file and are copied to `history.damaged.jsonl`.
 */
export class HistoryFile implements HistoryStore {
  readonly path: string;
  readonly damagedPath: string;
  readonly watch: { readonly folder: string; readonly glob: string };
  private readonly lockPath: string;
  private readonly backupDir: string;

  constructor(readonly dir: string) {
    this.path = join(dir, 'history.jsonl');
    this.damagedPath = join(dir, 'history.damaged.jsonl');
    this.lockPath = join(dir, 'history.lock');
    this.backupDir = join(dir, 'backups');
    this.watch = { folder: dir, glob: 'history.jsonl' };
  }

  /** The history is this one file. */
  get file(): string {
    return this.path;
  }

  /** Adds one finished game. A last line cut short by a crash gets its own line ended first. */
  async append(record: GameRecord): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await withFileLock(this.lockPath, async (lost) => {
      const handle = await open(this.path, 'a+');
      try {
        const { size } = await handle.stat();
        let prefix = '';
        if (size > 0) {
          const last = Buffer.alloc(1);
          await handle.read(last, 0, 1, size - 1);
          if (last[0] !== 0x0a) prefix = '\n';
        }
        lost.throwIfAborted();
        await handle.write(`${prefix}${recordLine(record)}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
  }

  /** Every readable record and every damaged line. A missing file is an empty history. */
  async read(): Promise<{ records: GameRecord[]; damaged: DamagedLine[] }> {
    return parseHistory(await readText(this.path));
  }

  /** Copies damaged lines to the side file (each line once), so they are kept for a bug report. */
  async keepAside(damaged: readonly DamagedLine[]): Promise<DamagedLine[]> {
    if (damaged.length === 0) return [];
    await mkdir(this.dir, { recursive: true });
    const known = new Set((await readText(this.damagedPath)).split('\n').map((line) => idOrText(line)));
    const fresh = damaged.filter((line) => !known.has(idOrText(JSON.stringify({ text: line.text }))));
    if (fresh.length > 0) {
      const lines = fresh.map((line) => JSON.stringify({ text: line.text, reason: line.reason, line: line.line, keptAt: new Date().toISOString() }));
      await appendFile(this.damagedPath, `${lines.join('\n')}\n`);
    }
    return fresh;
  }

  /**
   * Takes away the records of one variant (or all), after copying the whole file to a backup
   * that `undoReset` restores. Returns how many records went.
   */
  async reset(scope: ResetScope): Promise<number> {
    await mkdir(this.backupDir, { recursive: true });
    return withFileLock(this.lockPath, async (lost) => {
      const text = await readText(this.path);
      await writeFile(join(this.backupDir, `history-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`), text, { flush: true });
      const lines = text.split('\n').filter((line) => line.trim().length > 0);
      const { records } = parseHistory(text);
      const removed = new Set(records.filter((record) => scope === 'all' || record.variant === scope.variant).map((record) => record.id));
      const kept = lines.filter((line) => {
        const id = idOfLine(line);
        return id === undefined || !removed.has(id);
      });
      await replaceFile(this.path, kept.length > 0 ? `${kept.join('\n')}\n` : '', lost);
      return removed.size;
    });
  }

  /** Whether a reset can be undone. */
  async hasBackup(): Promise<boolean> {
    return (await this.latestBackup()) !== undefined;
  }

  /**
   * Restores the records the last reset took away, keeping every game recorded since. The
   * backup is renamed, not deleted, so the undo itself loses nothing.
   */
  async undoReset(): Promise<boolean> {
    if (!(await this.hasBackup())) return false;
    return withFileLock(this.lockPath, async (lost) => {
      // Chosen under the lock: two windows undoing at once restore two backups, not one twice.
      const backup = await this.latestBackup();
      if (!backup) return false;
      const saved = (await readText(backup)).split('\n').filter((line) => line.trim().length > 0);
      const current = (await readText(this.path)).split('\n').filter((line) => line.trim().length > 0);
      const savedIds = new Set(saved.map(idOfLine).filter((id) => id !== undefined));
      const savedLines = new Set(saved);
      const since = current.filter((line) => {
        const id = idOfLine(line);
        return id === undefined ? !savedLines.has(line) : !savedIds.has(id);
      });
      const merged = [...saved, ...since];
      await replaceFile(this.path, merged.length > 0 ? `${merged.join('\n')}\n` : '', lost);
      await rename(backup, `${backup}.restored`);
      return true;
    });
  }

  private async latestBackup(): Promise<string | undefined> {
    let names: string[];
    try {
      names = await readdir(this.backupDir);
    } catch {
      return undefined;
    }
    const backups = names.filter((name) => name.startsWith('history-') && name.endsWith('.jsonl')).sort();
    const last = backups[backups.length - 1];
    return last === undefined ? undefined : join(this.backupDir, last);
  }
}

/** Lines of the side file are compared by the damaged text they hold. */
function idOrText(line: string): string {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string') return (value as { text: string }).text;
  } catch {
    // Not ours: compare as it is.
  }
  return line;
}
