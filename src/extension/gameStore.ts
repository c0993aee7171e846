import type { Game } from '../engine';
import { restoreSavedGame, type SavedGame } from './savedGame';

/** The part of VS Code's `Memento` the store uses; a plain map in unit tests. */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

const SAVED_KEY = 'bakersGame.savedGames';
const DAMAGED_KEY = 'bakersGame.damagedGames';
/** Games in progress kept at once (one per window is usual); the oldest go first. */
const MAX_SAVED = 12;
/** Damaged records kept aside for a bug report; never silently dropped, but not kept forever. */
const MAX_DAMAGED = 20;

/** What picking a stored game needs of the window's claims (`GameClaims`). */
export interface StoredGameClaims {
  /** Claims a game for this window; false when another window holds it. */
  claim(id: string): Promise<boolean>;
  /** Of `ids`, those other windows hold. */
  heldElsewhere(ids: readonly string[]): Promise<Set<string>>;
}

/** A damaged stored game, set aside with the reason it could not be restored. */
export interface DamagedGame {
  readonly reason: string;
  readonly record: unknown;
  readonly setAsideAt: string;
}

/**
 * Games in progress, stored by the host (not only inside the webview) so they survive closing
 * the tab, a reload and a restart. A record that cannot be restored is moved aside with its
 * reason and reported, never thrown at activation.
 */
export class GameStore {
  constructor(
    private readonly memento: KeyValueStore,
    private readonly report: (message: string) => void,
  ) {}

  static newId(): string {
    return globalThis.crypto.randomUUID();
  }

  private records(): unknown[] {
    const value = this.memento.get<unknown>(SAVED_KEY);
    return Array.isArray(value) ? value : [];
  }

  private static idOf(record: unknown): unknown {
    return typeof record === 'object' && record !== null ? (record as { id?: unknown }).id : undefined;
  }

  private static updatedOf(record: unknown): string {
    const updated = typeof record === 'object' && record !== null ? (record as { updatedAt?: unknown }).updatedAt : undefined;
    return typeof updated === 'string' ? updated : '';
  }

  /** The ids of every stored game (to ask which of them other windows play). */
  ids(): string[] {
    return this.records()
      .map((record) => GameStore.idOf(record))
      .filter((id): id is string => typeof id === 'string');
  }

    /** Stores (or replaces) a game in progress. */
  async save(saved: SavedGame): Promise<void> {
    const others = this.records().filter((record) => GameStore.idOf(record) !== saved.id);
    const kept = [saved, ...others].sort((a, b) => GameStore.updatedOf(b).localeCompare(GameStore.updatedOf(a))).slice(0, MAX_SAVED);
    await this.memento.update(SAVED_KEY, kept);
  }

  /** Forgets a game that has ended. */
  async remove(id: string): Promise<void> {
    const records = this.records();
    const kept = records.filter((record) => GameStore.idOf(record) !== id);
    if (kept.length !== records.length) await this.memento.update(SAVED_KEY, kept);
  }

  /**
   * The most recently played game that is not open already, restored and checked. Damaged
   * records met on the way are set aside and reported.
   */
  async latest(autoplay: boolean, openIds: ReadonlySet<string>): Promise<{ game: Game; saved: SavedGame } | undefined> {
    const records = [...this.records()].sort((a, b) => GameStore.updatedOf(b).localeCompare(GameStore.updatedOf(a)));
    for (const record of records) {
      const id = GameStore.idOf(record);
      if (typeof id === 'string' && openIds.has(id)) continue;
      const restored = restoreSavedGame(record, autoplay);
      if (restored.ok) return { game: restored.game, saved: restored.saved };
      await this.setAside(record, restored.reason);
    }
    return undefined;
  }

  /**
   * The most recently played game that no other window plays, claimed for this window. Games
   * other windows hold are skipped, and so is one whose claim another window took first (two
   * windows picking at once), so two windows never play, end and count the same game.
   */
  async claimLatest(autoplay: boolean, claims: StoredGameClaims): Promise<{ game: Game; saved: SavedGame } | undefined> {
    const skipped = new Set(await claims.heldElsewhere(this.ids()));
    for (;;) {
      const restored = await this.latest(autoplay, skipped);
      if (!restored) return undefined;
      if (await claims.claim(restored.saved.id)) return restored;
      skipped.add(restored.saved.id);
    }
  }

  /** The stored game with this id, restored and checked; a damaged one is set aside. */
  async byId(id: string, autoplay: boolean): Promise<{ game: Game; saved: SavedGame } | undefined> {
    const record = this.records().find((candidate) => GameStore.idOf(candidate) === id);
    if (record === undefined) return undefined;
    const restored = restoreSavedGame(record, autoplay);
    if (restored.ok) return { game: restored.game, saved: restored.saved };
    await this.setAside(record, restored.reason);
    return undefined;
  }

  /** Damaged records set aside so far. */
  damaged(): DamagedGame[] {
    const value = this.memento.get<unknown>(DAMAGED_KEY);
    return Array.isArray(value) ? (value as DamagedGame[]) : [];
  }

  private async setAside(record: unknown, reason: string): Promise<void> {
    const damaged = [{ reason, record, setAsideAt: new Date().toISOString() }, ...this.damaged()].slice(0, MAX_DAMAGED);
    await this.memento.update(DAMAGED_KEY, damaged);
    // Compared as text: a store may hand out copies, not the objects it was given.
    const text = JSON.stringify(record);
    await this.memento.update(SAVED_KEY, this.records().filter((candidate) => JSON.stringify(candidate) !== text));
    this.report(reason);
  }
}
