import type { GameClaimsLike } from '../boardController';

/** The part of the Web Locks API (`navigator.locks`) the claims use. */
export interface LockManagerLike {
  request(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<void> | void): Promise<unknown>;
  query(): Promise<{ held?: ReadonlyArray<{ name?: string }> }>;
}

const PREFIX = 'bakersGame.claim.';

/**
 * Claims on stored games in a browser, where there are no lock folders: Web Locks
 * (`navigator.locks`), which every tab of one origin shares and which the browser frees when
 * a tab closes or crashes. A claim is a lock held until released.
 *
 * Where the Web Locks API is missing, every claim succeeds: two windows may then restore the
 * same saved game, and the statistics still count it once (its record has the game's id, and a
 * second record with an id already read is dropped).
 */
export class WebLockClaims implements GameClaimsLike {
  /** Per claimed id, the function that ends the lock's callback (and so frees the lock). */
  private readonly held = new Map<string, () => void>();
  private readonly claiming = new Map<string, Promise<boolean>>();

  constructor(private readonly locks: LockManagerLike | undefined) {}

  /** Whether claims are real locks here (false: every claim succeeds). */
  get exclusive(): boolean {
    return this.locks !== undefined;
  }

  claim(id: string): Promise<boolean> {
    if (this.held.has(id)) return Promise.resolve(true);
    let attempt = this.claiming.get(id);
    if (!attempt) {
      attempt = this.take(id).finally(() => this.claiming.delete(id));
      this.claiming.set(id, attempt);
    }
    return attempt;
  }

  holds(id: string): boolean {
    return this.held.has(id);
  }

  async release(id: string): Promise<void> {
    await this.claiming.get(id)?.catch(() => undefined);
    const free = this.held.get(id);
    this.held.delete(id);
    free?.();
  }

  async heldElsewhere(ids: readonly string[]): Promise<Set<string>> {
    if (!this.locks) return new Set();
    const { held = [] } = await this.locks.query();
    const names = new Set(held.map((lock) => lock.name));
    return new Set(ids.filter((id) => !this.held.has(id) && names.has(PREFIX + id)));
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.claiming.keys(), ...this.held.keys()].map((id) => this.release(id)));
  }

  private take(id: string): Promise<boolean> {
    const locks = this.locks;
    if (!locks) {
      this.held.set(id, () => undefined);
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve, reject) => {
      locks
        .request(PREFIX + id, { ifAvailable: true }, (lock) => {
          if (lock === null) {
            resolve(false);
            return;
          }
          // Held for as long as this promise is pending.
          return new Promise<void>((free) => {
            this.held.set(id, free);
            resolve(true);
          });
        })
        .catch(reject);
    });
  }
}
