import { tryLock } from '../exclusiveLock';

/** A lock not refreshed for this long is left over from a crash and may be taken. */
const STALE_AFTER_MS = 10_000;
const GIVE_UP_AFTER_MS = 15_000;

/** Times a window needs; tests make them shorter. */
export interface FileLockOptions {
  /** A lock its holder stopped refreshing this long ago is taken over (at least 2000). */
  readonly staleMs?: number;
  /** How long to wait for another holder before giving up. */
  readonly timeoutMs?: number;
}

/** The lock could not be had in time, or was lost while `work` ran: nothing was committed. */
export class FileLockError extends Error {
  override readonly name = 'FileLockError';
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Per lock path, the end of this process's queue: callers in one window take turns, not polls. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` while holding an exclusive lock, so that two VS Code windows never rewrite or
 * append to the history at the same moment. Waits up to 15 s for another window's lock, then
 * rejects with a {@link FileLockError}.
 *
 * The lock (see `exclusiveLock.ts`) stays held however long `work` takes; a crashed window's
 * lock is taken over 10 s after it stopped being refreshed. Should the lock be lost all the
 * same (its folder deleted, or this process frozen for longer than that), `signal` aborts:
 * `work` checks it before committing anything, and the call rejects with a
 * {@link FileLockError} instead of reporting a success it cannot vouch for.
 */
export function withFileLock<T>(lockPath: string, work: (signal: AbortSignal) => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const result = (queues.get(lockPath) ?? Promise.resolve()).then(() => holding(lockPath, work, options));
  const tail = result.catch(() => undefined);
  queues.set(lockPath, tail);
  void tail.then(() => {
    if (queues.get(lockPath) === tail) queues.delete(lockPath);
  });
  return result;
}

async function holding<T>(lockPath: string, work: (signal: AbortSignal) => Promise<T>, options: FileLockOptions): Promise<T> {
  const staleMs = options.staleMs ?? STALE_AFTER_MS;
  const giveUpAt = Date.now() + (options.timeoutMs ?? GIVE_UP_AFTER_MS);
  let delay = 2;
  let held = await tryLock(lockPath, staleMs);
  while (!held) {
    if (Date.now() > giveUpAt) throw new FileLockError(`the history is locked by another window (${lockPath})`);
    await sleep(delay);
    delay = Math.min(delay * 2, 50);
    held = await tryLock(lockPath, staleMs);
  }
  const { lost } = held;
  try {
    const value = await work(lost);
    lost.throwIfAborted();
    return value;
  } catch (error) {
    if (lost.aborted) throw new FileLockError(`the history lock was lost while the history was being written (${lockPath})`, { cause: error });
    throw error;
  } finally {
    // A lock that cannot be removed stops being refreshed and is taken over when stale: the
    // work's own outcome is what the caller needs to hear.
    await held.release().catch(() => undefined);
  }
}
