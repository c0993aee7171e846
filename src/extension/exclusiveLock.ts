import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { check, lock } from 'proper-lockfile';

/**
 * Locks shared between processes (VS Code windows): proper-lockfile's directory locks, with
 * the one step it gets wrong done right.
 *
 * proper-lockfile makes the lock directory with `mkdir` (atomic), refreshes its mtime while it
 * is held, tells the holder when the lock was lost, and lets a lock whose mtime stopped moving
 * (its holder crashed) be taken over. That takeover is `stat`, then `rmdir`, then `mkdir`: two
 * processes that both saw the stale lock can both get in, the slower one removing the lock the
 * faster one has just made (moxystudio/node-proper-lockfile#121, open; the history lock's tests
 * see it happen). Here proper-lockfile is given a file system of its own (its `fs` option) in
 * which a lock directory is never empty while it is alive: it holds one entry, `owner-<token>`,
 * unique to the process and the moment it was taken. A new lock is built aside, entry included,
 * and renamed into place, which fails while a live lock is there. Taking over a stale lock
 * removes the entry seen when it was judged stale, and only that one: of all the processes that
 * saw it, exactly one removes it, and a lock made meanwhile, whose entry has another token, is
 * never touched. Releasing removes the holder's own entry the same way, so a release can never
 * remove somebody else's lock. An empty lock directory is a dead one and may go at once.
 */

/** proper-lockfile's lowest stale time; its refresh runs every `staleMs / 2` (at least 1 s). */
export const MIN_STALE_MS = 2000;

/** A lock held by this process. */
export interface HeldLock {
  /**
   * Aborts when the lock was lost while held (its directory was removed, or its refresh was
   * late by more than the stale time, so another process may have taken it over). Work done
   * under the lock checks it before committing anything.
   */
  readonly lost: AbortSignal;
  /** Gives the lock up. Does nothing after it was lost: it is no longer ours to remove. */
  release(): Promise<void>;
}

type Callback<T = void> = (error: NodeJS.ErrnoException | null, value?: T) => void;

/** What proper-lockfile reads of a stat. */
interface MtimeOnly {
  readonly mtime: Date;
}

const OWNER_PREFIX = 'owner-';
/** Not an entry name: the lock path is a file, as earlier versions of this extension made it. */
const LEGACY_FILE = Symbol('legacy lock file');
/** Not an entry name: the lock directory is empty, so no live process holds it. */
const EMPTY = Symbol('empty lock directory');

function errorWithCode(message: string, code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/** Error codes a directory operation may end with when there is nothing (left) to do. */
function ignoring(codes: readonly string[], callback: Callback): Callback {
  return (error) => callback(error && !codes.includes(error.code ?? '') ? error : null);
}

/**
 * The file system proper-lockfile is given for one attempt at one lock (and, when the attempt
 * succeeds, for keeping it): the calls it makes on the lock path, done as the module comment
 * says. Its methods keep proper-lockfile's callback signatures.
 */
class OwnedLockFs {
  /** The token of the lock this attempt made, once it made one. */
  private own: string | undefined;
  /** The token of the owner entry seen by the last look at someone else's lock. */
  private seen: string | typeof LEGACY_FILE | typeof EMPTY | undefined;

  /** proper-lockfile calls it only with `realpath: true`; passed through for completeness. */
  readonly realpath = fs.realpath;

  /** Makes the lock: built aside with its owner entry, then renamed into place. */
  mkdir(path: string, callback: Callback): void {
    const token = `${process.pid}-${randomUUID()}`;
    const aside = `${path}.${token}.tmp`;
    const owner = join(aside, OWNER_PREFIX + token);
    const discard = (error: NodeJS.ErrnoException): void => fs.rmdir(owner, () => fs.rmdir(aside, () => callback(error)));
    fs.mkdir(aside, (error) => {
      if (error) return callback(error);
      fs.mkdir(owner, (error) => (error ? discard(error) : this.place(aside, path, token, true, callback, discard)));
    });
  }

  private place(aside: string, path: string, token: string, clearDead: boolean, callback: Callback, discard: (error: NodeJS.ErrnoException) => void): void {
    fs.rename(aside, path, (error) => {
      if (!error) {
        this.own = token;
        return callback(null);
      }
      const taken = errorWithCode(`EEXIST: the lock ${path} is there`, 'EEXIST');
      // POSIX: a lock (or an old-style lock file) is there.
      if (['EEXIST', 'ENOTEMPTY', 'ENOTDIR', 'EISDIR'].includes(error.code ?? '')) return discard(taken);
      if (error.code !== 'EPERM' && error.code !== 'EACCES') return discard(error);
      // Windows never renames over a directory, not even an empty (dead) lock: that one has
      // to go first (rmdir removes only an empty directory). Nothing there: a real refusal.
      fs.lstat(path, (missing) => {
        if (missing) return discard(error);
        if (!clearDead) return discard(taken);
        fs.rmdir(path, (notEmpty) => (notEmpty ? discard(taken) : this.place(aside, path, token, false, callback, discard)));
      });
    });
  }

  /**
   * While the lock is ours: its mtime, if our entry is still in it (else ENOENT, which tells
   * proper-lockfile the lock was lost). Otherwise: notes whose lock it is, then its mtime. The
   * entry is read before the mtime, so a lock renewed in between is judged by its new, fresh
   * mtime and left alone; an empty directory is dead, whatever its mtime says.
   */
  stat(path: string, callback: Callback<fs.Stats | MtimeOnly>): void {
    if (this.own !== undefined) {
      fs.stat(join(path, OWNER_PREFIX + this.own), (error) => (error ? callback(error) : fs.stat(path, callback)));
      return;
    }
    fs.readdir(path, (error, names) => {
      if (error?.code === 'ENOTDIR') this.seen = LEGACY_FILE;
      else if (error) return callback(error);
      else this.seen = names.find((name) => name.startsWith(OWNER_PREFIX))?.slice(OWNER_PREFIX.length) ?? EMPTY;
      if (this.seen === EMPTY) return callback(null, { mtime: new Date(0) });
      fs.stat(path, callback);
    });
  }

  /** Ends a lock's life: ours when we hold one, else the stale one `stat` saw. */
  rmdir(path: string, callback: Callback): void {
    const owner = this.own ?? this.seen;
    if (owner === undefined) return callback(errorWithCode(`no lock seen at ${path}`, 'EINVAL'));
    if (owner === LEGACY_FILE) return fs.unlink(path, ignoring(['ENOENT'], callback));
    const removeFolder = (): void => fs.rmdir(path, ignoring(['ENOENT', 'ENOTEMPTY', 'EEXIST', 'ENOTDIR', 'EPERM'], callback));
    if (owner === EMPTY) return removeFolder();
    // Only one process can remove this entry; ENOENT: another did, or it is already gone.
    fs.rmdir(join(path, OWNER_PREFIX + owner), (error) => (error && error.code !== 'ENOENT' ? callback(error) : removeFolder()));
  }

  /** proper-lockfile's cleanup when the process exits. */
  rmdirSync(path: string): void {
    if (this.own === undefined) return;
    try {
      fs.rmdirSync(join(path, OWNER_PREFIX + this.own));
      fs.rmdirSync(path);
    } catch {
      // Already gone, or somebody else's by now: nothing of ours to remove.
    }
  }

  /** Refreshes the mtime, only while the lock is still ours. */
  utimes(path: string, atime: Date, mtime: Date, callback: Callback): void {
    if (this.own === undefined) return fs.utimes(path, atime, mtime, callback);
    fs.stat(join(path, OWNER_PREFIX + this.own), (error) => (error ? callback(error) : fs.utimes(path, atime, mtime, callback)));
  }
}

/**
 * Takes the lock at `lockPath` (a directory) if no live process holds it, taking over one whose
 * holder stopped refreshing it `staleMs` ago. Resolves `undefined` when it is held; rejects
 * only when the lock cannot be made at all (the folder is missing or read-only).
 */
export async function tryLock(lockPath: string, staleMs: number): Promise<HeldLock | undefined> {
  const lost = new AbortController();
  let release: () => Promise<void>;
  try {
    release = await lock(lockPath, {
      lockfilePath: lockPath,
      realpath: false,
      stale: Math.max(staleMs, MIN_STALE_MS),
      fs: new OwnedLockFs(),
      // Its default throws from a timer, which would take the whole extension host down.
      onCompromised: (cause) => lost.abort(errorWithCode(`the lock ${lockPath} was lost while it was held (${cause.message})`, 'ECOMPROMISED')),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return undefined;
    throw error;
  }
  return {
    lost: lost.signal,
    release: async () => {
      if (lost.signal.aborted) return;
      await release().catch((error: unknown) => {
        // Lost between the check and the release: nothing of ours left to remove.
        if ((error as NodeJS.ErrnoException).code !== 'ERELEASED') throw error;
      });
    },
  };
}

/** Whether a live process (this one included) holds the lock at `lockPath`. */
export function isLockHeld(lockPath: string, staleMs: number): Promise<boolean> {
  return check(lockPath, { lockfilePath: lockPath, realpath: false, stale: Math.max(staleMs, MIN_STALE_MS), fs: new OwnedLockFs() });
}
