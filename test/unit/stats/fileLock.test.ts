import * as assert from 'node:assert/strict';
import { type ChildProcess, fork } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileLockError, withFileLock } from '../../../src/extension/stats/fileLock';
import type { LockWorkerCommand, LockWorkerReply } from './lockWorker';

const freshDir = (): string => mkdtempSync(join(tmpdir(), 'bakers-game-lock-'));
const STALE_MS = 2000;

/** A worker process and the replies it sent, awaited one kind at a time. */
class Worker {
  readonly child: ChildProcess;
  private readonly replies: LockWorkerReply[] = [];
  private wake: (() => void) | undefined;

  constructor(lockPath: string, markerPath: string, name: string) {
    this.child = fork(join(__dirname, 'lockWorker.js'), [lockPath, markerPath, name, String(STALE_MS)], { stdio: 'inherit' });
    this.child.on('message', (message: LockWorkerReply) => {
      this.replies.push(message);
      this.wake?.();
    });
  }

  send(command: LockWorkerCommand): void {
    this.child.send(command);
  }

  async next(type: LockWorkerReply['type']): Promise<void> {
    for (;;) {
      const index = this.replies.findIndex((reply) => reply.type === type || reply.type === 'failed');
      if (index >= 0) {
        const [reply] = this.replies.splice(index, 1);
        if (reply.type === 'failed') throw new Error(`worker failed: ${reply.message}`);
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}

/** Every time two holders were inside at once, from the workers' enter/leave lines. */
function overlaps(markerPath: string): string[] {
  const inside = new Set<string>();
  const found: string[] = [];
  for (const line of readFileSync(markerPath, 'utf8').split('\n').filter(Boolean)) {
    const [event, name, round] = line.split(' ');
    if (event === 'enter') {
      if (inside.size > 0) found.push(`round ${round}: ${name} entered while ${[...inside].join(', ')} inside`);
      inside.add(name);
    } else inside.delete(name);
  }
  return found;
}

/**
 * Leaves the lock as a crashed window leaves it: taken by a process that was then killed, its
 * mtime long past. Returns a copy, so that the next rounds can restore it without a process.
 */
async function leaveStaleLock(lockPath: string, markerPath: string): Promise<string | undefined> {
  const holder = new Worker(lockPath, markerPath, 'crashed');
  holder.send({ type: 'hold' });
  await holder.next('held');
  await holder.kill();
  // Nothing to copy only when the lock under test leaves nothing on disk, i.e. does not lock.
  if (!existsSync(lockPath)) return undefined;
  const copy = `${lockPath}.crashed`;
  cpSync(lockPath, copy, { recursive: true });
  restoreStaleLock(copy, lockPath);
  return copy;
}

function restoreStaleLock(copy: string, lockPath: string): void {
  cpSync(copy, lockPath, { recursive: true });
  const past = new Date(Date.now() - 10 * STALE_MS);
  utimesSync(lockPath, past, past);
}

/** Now on the epoch clock, in fractional milliseconds, as the workers read it. */
const preciseNow = (): number => performance.timeOrigin + performance.now();

describe('the history lock', () => {
  const workers: Worker[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.kill()));
  });

  it('lets only one of two processes in when both take over a stale lock at once', async function () {
    this.timeout(180_000);
    const dir = freshDir();
    const lockPath = join(dir, 'history.lock');
    const markerPath = join(dir, 'marker.txt');
    writeFileSync(markerPath, '');
    const racers = [new Worker(lockPath, markerPath, 'a'), new Worker(lockPath, markerPath, 'b')];
    workers.push(...racers);
    const crashed = await leaveStaleLock(lockPath, markerPath);
    // LOCK_RACE_ROUNDS=2000 for a longer hunt.
    const rounds = Number(process.env.LOCK_RACE_ROUNDS ?? 200);
    for (let round = 0; round < rounds; round++) {
      if (round > 0 && crashed !== undefined) restoreStaleLock(crashed, lockPath);
      // Both find the stale lock; the second starts up to 0.3 ms before or after the first. A
      // lag of some tens of microseconds lets a naive takeover remove the lock the other has
      // just made (the old lock and proper-lockfile alone fail within these rounds).
      const at = preciseNow() + 30;
      racers[0].send({ type: 'enter', round, at, holdMs: 5 });
      racers[1].send({ type: 'enter', round, at: at + (Math.random() - 0.5) * 0.6, holdMs: 5 });
      await Promise.all(racers.map((racer) => racer.next('done')));
    }
    const lines = readFileSync(markerPath, 'utf8').split('\n');
    assert.deepEqual(overlaps(markerPath), []);
    assert.equal(lines.filter((line) => line.startsWith('enter')).length, 2 * rounds);
  });

  it('keeps the lock through work four times longer than the stale time', async function () {
    this.timeout(60_000);
    const dir = freshDir();
    const lockPath = join(dir, 'history.lock');
    const markerPath = join(dir, 'marker.txt');
    writeFileSync(markerPath, '');
    const [slow, eager] = [new Worker(lockPath, markerPath, 'slow'), new Worker(lockPath, markerPath, 'eager')];
    workers.push(slow, eager);
    slow.send({ type: 'enter', round: 0, at: 0, holdMs: 4 * STALE_MS });
    while (!readFileSync(markerPath, 'utf8').includes('enter slow')) await new Promise((resolve) => setTimeout(resolve, 20));
    eager.send({ type: 'enter', round: 0, at: 0, holdMs: 0 });
    await Promise.all([slow.next('done'), eager.next('done')]);
    assert.deepEqual(overlaps(markerPath), []);
    assert.match(readFileSync(markerPath, 'utf8'), /^enter slow .*\nleave slow .*\nenter eager .*\nleave eager /);
  });

  it('never removes the lock of a process that took it over from a frozen holder', async function () {
    if (process.platform === 'win32') this.skip();
    this.timeout(60_000);
    const dir = freshDir();
    const lockPath = join(dir, 'history.lock');
    const markerPath = join(dir, 'marker.txt');
    writeFileSync(markerPath, '');
    const [frozen, taker, third] = [new Worker(lockPath, markerPath, 'frozen'), new Worker(lockPath, markerPath, 'taker'), new Worker(lockPath, markerPath, 'third')];
    workers.push(frozen, taker, third);
    const entered = async (name: string): Promise<void> => {
      while (!readFileSync(markerPath, 'utf8').includes(`enter ${name}`)) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    frozen.send({ type: 'enter', round: 0, at: 0, holdMs: STALE_MS });
    await entered('frozen');
    // A window stopped in a debugger or by the system: its lock goes stale and is taken over.
    frozen.child.kill('SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, STALE_MS + 1500));
    taker.send({ type: 'enter', round: 0, at: 0, holdMs: 2 * STALE_MS });
    await entered('taker');
    // Thawed, the old holder finishes and lets go of a lock that is no longer its own.
    frozen.child.kill('SIGCONT');
    await frozen.next('done').catch(() => undefined);
    third.send({ type: 'enter', round: 0, at: 0, holdMs: 0 });
    await Promise.all([taker.next('done'), third.next('done')]);
    const lines = readFileSync(markerPath, 'utf8').split('\n').filter((line) => / (taker|third) /.test(line));
    assert.deepEqual(lines.map((line) => line.split(' ').slice(0, 2).join(' ')), ['enter taker', 'leave taker', 'enter third', 'leave third']);
  });

  it('fails the operation, without throwing from a timer, when the lock is lost', async function () {
    this.timeout(20_000);
    const lockPath = join(freshDir(), 'history.lock');
    let aborted = false;
    await assert.rejects(
      withFileLock(
        lockPath,
        async (signal) => {
          // Someone removed the lock under us: proper-lockfile notices at its next refresh.
          rmSync(lockPath, { recursive: true });
          // Bounded, so that a lock that never notices fails this test instead of hanging it.
          for (let waited = 0; waited < 5000 && !signal.aborted; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
          aborted = true;
        },
        { staleMs: STALE_MS },
      ),
      FileLockError,
    );
    assert.equal(aborted, true);
    assert.equal(existsSync(lockPath), false);
  });
});
