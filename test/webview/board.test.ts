import * as assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BoardPage } from './page';

describe('the board webview in Chromium', () => {
  let board: BoardPage;

  before(async () => {
    board = await BoardPage.open(join(mkdtempSync(join(tmpdir(), 'bakers-game-webview-')), 'profile'));
  });

  after(async () => {
    await board?.close();
  });

  it('says ready to the host once its script has loaded', async () => {
    await board.page.waitForFunction(() => (window as unknown as { __posted: unknown[] }).__posted.length > 0);
    assert.deepEqual(await board.posted(), [{ type: 'ready' }]);
  });

  it('draws the empty layout: four cells, four foundations, eight columns', async () => {
    const board_ = board.page.locator('sol-board');
    assert.equal(await board_.locator('[aria-label^="free cell"]').count(), 4);
    assert.equal(await board_.locator('[aria-label^="foundation"]').count(), 4);
    assert.equal(await board_.locator('[aria-label^="column"]').count(), 8);
  });

  it('shows that the host answered', async () => {
    const status = board.page.locator('sol-board [data-testid="status"]');
    assert.equal((await status.textContent())?.trim(), 'Connecting…');
    await board.send({ type: 'welcome', extensionVersion: '9.8.7', title: "Baker's Game" });
    await status.filter({ hasText: "Connected to Baker's Game 9.8.7" }).waitFor({ timeout: 5000 });
  });

  it('takes its colours from the VS Code theme variables', async () => {
    const colour = await board.page.locator('sol-board').evaluate((element) => getComputedStyle(element).color);
    assert.equal(colour, 'rgb(204, 204, 204)');
  });
});
