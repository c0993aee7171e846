import * as assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { legalMoves, newGame, playMove, type Game } from '../../../src/engine';
import { GameClaims } from '../../../src/extension/gameClaims';
import { GameStore, type KeyValueStore } from '../../../src/extension/gameStore';
import { toSavedGame } from '../../../src/extension/savedGame';
import { STALE_MS, Window } from './otherWindow';

/** VS Code's globalState as two windows share it: one map. */
class SharedState implements KeyValueStore {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    const value = this.values.get(key);
    return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as T);
  }
  update(key: string, value: unknown): Thenable<void> {
    this.values.set(key, value);
    return Promise.resolve();
  }
}

function oneMove(deal: number): Game {
  const dealt = newGame('bakers-game', deal, { autoplay: true });
  assert.ok(dealt.ok);
  const next = playMove(dealt.value, legalMoves(dealt.value.position)[0]);
  assert.ok(next.ok);
  return next.value;
}

describe('two windows and the saved games', function () {
  this.timeout(20_000);
  let dir: string;
  let here: GameClaims;
  let other: Window | undefined;
  let store: GameStore;

  beforeEach(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'bakers-game-two-windows-')), 'claims');
    here = new GameClaims(dir, { staleMs: STALE_MS });
    store = new GameStore(new SharedState(), () => undefined);
    // Two games in progress: the older one (deal 1) and the newest (deal 2).
    await store.save(toSavedGame(oneMove(1), { id: 'older', elapsedMs: 0, startedAt: '2026-01-01T00:00:00.000Z' }, new Date('2026-01-01T10:00:00.000Z')));
    await store.save(toSavedGame(oneMove(2), { id: 'newest', elapsedMs: 0, startedAt: '2026-01-01T00:00:00.000Z' }, new Date('2026-01-01T11:00:00.000Z')));
  });
  afterEach(async () => {
    await here.dispose();
    await other?.exit('SIGKILL');
    other = undefined;
  });

  it('a window restores the newest game no other window plays, and claims it', async () => {
    other = new Window(dir);
    assert.equal(await other.claim('newest'), true, 'the other window plays the newest game');
    const restored = await store.claimLatest(true, here);
    assert.equal(restored?.saved.id, 'older');
    assert.equal(here.holds('older'), true);
    // And the other window, asked in turn, cannot take the game this one restored.
    assert.equal(await other.claim('older'), false);
  });

  it('a window that was quicker to claim wins; the slower one takes the next game', async () => {
    other = new Window(dir);
    // Both saw the newest game free; the other window claims it first.
    let racedOnce = false;
    const slow = {
      heldElsewhere: (ids: readonly string[]) => here.heldElsewhere(ids),
      claim: async (id: string) => {
        if (!racedOnce) {
          racedOnce = true;
          assert.equal(await other?.claim(id), true);
        }
        return here.claim(id);
      },
    };
    const restored = await store.claimLatest(true, slow);
    assert.equal(restored?.saved.id, 'older');
  });

  it('once the other window has closed, its game is free to restore', async () => {
    other = new Window(dir);
    assert.equal(await other.claim('newest'), true);
    await other.exit();
    const restored = await store.claimLatest(true, here);
    assert.equal(restored?.saved.id, 'newest');
  });

  it('nothing to restore when every game is played elsewhere', async () => {
    other = new Window(dir);
    assert.equal(await other.claim('newest'), true);
    assert.equal(await other.claim('older'), true);
    assert.equal(await store.claimLatest(true, here), undefined);
  });
});
