import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isLockHeld, tryLock, type HeldLock } from './exclusiveLock';

/** A claim its window stopped refreshing this long ago (the window crashed) is free again. */
const STALE_AFTER_MS = 10_000;

/** Times a window needs; tests make them shorter. */
export interface GameClaimsOptions {
  /** A claim not refreshed for this long is free again (at least 2000, refreshed every half). */
  readonly staleMs?: number;
  /**
   * Called when a claim was lost while held: its lock folder was removed, or this process was
   * frozen for longer than `staleMs`, so another window may have claimed the game since.
   */
  readonly onLost?: (id: string) => void;
}

/**
 * Which stored games this window plays, so that no other window (another extension host
 * process) restores the same game and the two never both record it. A claim is a lock folder
 * per game id in `dir` (the extension's global storage, e.g. `<globalStorage>/claims`), held
 * with proper-lockfile through `exclusiveLock.ts`: refreshed while the window lives, removed
 * when it closes, and free again `staleMs` after a crash. Claims are only lock folders: they
 * never touch the games.
 *
 * One instance per folder per process: proper-lockfile keeps its locks per process, by path.
 */
export class GameClaims {
  private readonly held = new Map<string, HeldLock>();
  /** Claims being taken, so that two calls for one id in this window share one attempt. */
  private readonly claiming = new Map<string, Promise<boolean>>();
  private readonly staleMs: number;

  constructor(
    readonly dir: string,
    private readonly options: GameClaimsOptions = {},
  ) {
    this.staleMs = options.staleMs ?? STALE_AFTER_MS;
  }

  /**
   * Claims the game `id` for this window. Resolves `false` when another live window holds it,
   * `true` when this window holds it now (or did already). Rejects only when the folder cannot
   * be written.
   */
  claim(id: string): Promise<boolean> {
    if (this.held.has(id)) return Promise.resolve(true);
    let attempt = this.claiming.get(id);
    if (!attempt) {
      attempt = this.take(id).finally(() => this.claiming.delete(id));
      this.claiming.set(id, attempt);
    }
    return attempt;
  }

  /** Whether this window holds the claim on `id`. */
  holds(id: string): boolean {
    return this.held.has(id);
  }

  /** Gives up this window's claim on `id` (nothing happens when it has none). */
  async release(id: string): Promise<void> {
    await this.claiming.get(id)?.catch(() => undefined);
    const lock = this.held.get(id);
    if (!lock) return;
    this.held.delete(id);
    await lock.release();
  }

  /** Of `ids`, those another live window holds: to be skipped when picking a game to restore. */
  async heldElsewhere(ids: readonly string[]): Promise<Set<string>> {
    const elsewhere = new Set<string>();
    for (const id of ids) {
      if (this.held.has(id)) continue;
      if (await isLockHeld(this.pathOf(id), this.staleMs)) elsewhere.add(id);
    }
    return elsewhere;
  }

  /** Releases every claim of this window. */
  async dispose(): Promise<void> {
    await Promise.all([...this.claiming.keys(), ...this.held.keys()].map((id) => this.release(id)));
  }

  private async take(id: string): Promise<boolean> {
    await mkdir(this.dir, { recursive: true });
    const lock = await tryLock(this.pathOf(id), this.staleMs);
    if (!lock) return false;
    this.held.set(id, lock);
    lock.lost.addEventListener('abort', () => {
      if (this.held.get(id) !== lock) return;
      this.held.delete(id);
      this.options.onLost?.(id);
    });
    return true;
  }

  /** The lock folder of a game: its id when that is a safe file name, else a hash of it. */
  private pathOf(id: string): string {
    const name = /^[A-Za-z0-9_-]{1,80}$/.test(id) ? id : createHash('sha256').update(id).digest('hex');
    return join(this.dir, `${name}.claim`);
  }
}
