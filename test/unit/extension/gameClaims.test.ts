import * as assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameClaims } from '../../../src/extension/gameClaims';
import { STALE_MS, Window } from './otherWindow';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('game claims', () => {
  let dir: string;
  let windows: Window[];
  let here: GameClaims;

  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'bakers-game-claims-')), 'claims');
    windows = [];
    here = new GameClaims(dir, { staleMs: STALE_MS });
  });
  afterEach(async () => {
    await here.dispose();
    await Promise.all(windows.map((window) => window.exit('SIGKILL')));
  });

  function otherWindow(): Window {
    const window = new Window(dir);
    windows.push(window);
    return window;
  }

  it('lets no other window claim a game this one holds, and says which games are held elsewhere', async () => {
    const other = otherWindow();
    assert.equal(await here.claim('game-a'), true);
    assert.equal(await here.claim('game-a'), true, 'claiming again in the same window');
    assert.equal(await other.claim('game-a'), false);
    assert.equal(await other.claim('game-b'), true);
    assert.deepEqual(await other.ask({ type: 'elsewhere', ids: ['game-a', 'game-b', 'game-c'] }), ['game-a']);
    assert.deepEqual([...(await here.heldElsewhere(['game-a', 'game-b', 'game-c']))], ['game-b']);
  });

  it('gives a released game, or every game of a disposed window, to the next window that claims it', async () => {
    const other = otherWindow();
    assert.equal(await other.claim('game-a'), true);
    assert.equal(await other.claim('game-b'), true);
    assert.equal(await here.claim('game-a'), false);
    await other.ask({ type: 'release', id: 'game-a' });
    assert.equal(await here.claim('game-a'), true);
    assert.equal(await here.claim('game-b'), false);
    await other.ask({ type: 'dispose' });
    assert.equal(await here.claim('game-b'), true);
  });

  it('frees the claims of a window that exits, at once', async () => {
    const other = otherWindow();
    assert.equal(await other.claim('game-a'), true);
    await other.exit();
    assert.deepEqual([...(await here.heldElsewhere(['game-a']))], []);
    assert.equal(await here.claim('game-a'), true);
  });

  it('frees the claims of a killed window once they are stale, not before', async function () {
    this.timeout(20_000);
    const other = otherWindow();
    assert.equal(await other.claim('game-a'), true);
    await other.exit('SIGKILL');
    const killedAt = Date.now();
    assert.equal(await here.claim('game-a'), false, 'a claim refreshed less than the stale time ago');
    while (!(await here.claim('game-a'))) {
      assert.ok(Date.now() - killedAt < 3 * STALE_MS, 'the claim of a killed window never went stale');
      await sleep(100);
    }
  });

  it('keeps a claim held longer than the stale time', async function () {
    this.timeout(20_000);
    const other = otherWindow();
    assert.equal(await other.claim('game-a'), true);
    await sleep(2.5 * STALE_MS);
    assert.equal(await here.claim('game-a'), false);
    assert.deepEqual([...(await here.heldElsewhere(['game-a']))], ['game-a']);
  });
});
