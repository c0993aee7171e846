/**
 * A second "window" for the lock tests, driven over IPC by the test (`child_process.fork`):
 * `hold` takes the lock and keeps it until the process is killed (a crashed window); `enter`
 * waits until a given time, takes the lock, writes `enter`/`leave` lines around `holdMs` of
 * work into a shared file and answers `done`.
 *   lockWorker <lockPath> <markerPath> <name> <staleMs>
 */
import { appendFileSync } from 'node:fs';
import { withFileLock } from '../../../src/extension/stats/fileLock';

/** What the test sends. */
export type LockWorkerCommand = { readonly type: 'hold' } | { readonly type: 'enter'; readonly round: number; readonly at: number; readonly holdMs: number };
/** What the worker answers. */
export type LockWorkerReply = { readonly type: 'held' } | { readonly type: 'done'; readonly round: number } | { readonly type: 'failed'; readonly message: string };

const [lockPath, markerPath, name, staleText] = process.argv.slice(2);
if (!lockPath || !markerPath || !name || !staleText || !process.send) throw new Error('usage: fork lockWorker <lockPath> <markerPath> <name> <staleMs>');
const options = { staleMs: Number(staleText), timeoutMs: 30_000 };
const reply = (message: LockWorkerReply): void => {
  if (process.connected) process.send?.(message);
};
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

process.on('message', (command: LockWorkerCommand) => {
  if (command.type === 'hold') {
    void withFileLock(lockPath, () => {
      reply({ type: 'held' });
      return new Promise<never>(() => undefined);
    }, options);
    return;
  }
  // Racers leave their busy wait at the given times, to the microsecond (`at` is on the clock
  // every process shares: the epoch, in fractional milliseconds).
  while (performance.timeOrigin + performance.now() < command.at) {
    // spin
  }
  withFileLock(lockPath, async () => {
    appendFileSync(markerPath, `enter ${name} ${command.round} ${Date.now()}\n`);
    if (command.holdMs > 0) await sleep(command.holdMs);
    appendFileSync(markerPath, `leave ${name} ${command.round} ${Date.now()}\n`);
  }, options).then(
    () => reply({ type: 'done', round: command.round }),
    (error: unknown) => reply({ type: 'failed', message: String(error) }),
  );
});
