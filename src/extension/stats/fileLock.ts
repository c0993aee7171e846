import { open, rm, stat } from 'node:fs/promises';

/** A lock older than this is left over from a crash and may be taken. */
const STALE_AFTER_MS = 10_000;
const GIVE_UP_AFTER_MS = 15_000;

/**
 * Runs `work` while holding an exclusive lock file, so that two VS Code windows never rewrite
 * or append to the history at the same moment. The lock is a file created with `wx` (fails if
 * it exists), which is atomic on every local file system.
 */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  let delay = 2;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lockPath).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_AFTER_MS) {
        await rm(lockPath, { force: true });
        continue;
      }
      if (Date.now() - started > GIVE_UP_AFTER_MS) throw new Error(`the history is locked by another window (${lockPath})`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 50);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: true });
  }
}
