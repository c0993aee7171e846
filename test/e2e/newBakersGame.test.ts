import * as assert from 'node:assert/strict';
import { openWorkbench, type Workbench } from './workbench';

describe('New Baker\'s Game through the workbench', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench();
  });

  after(async () => {
    await workbench?.close();
  });

  it('opens the board from the command palette and the webview talks to the host', async () => {
    const started = Date.now();
    await workbench.runCommand("New Baker's Game");
    const status = workbench.board.locator('sol-board [data-testid="status"]');
    await status.filter({ hasText: /Connected to Baker's Game \d/ }).waitFor({ timeout: 30_000 });
    console.log(`      command to webview ready (host answered): ${Date.now() - started} ms`);
    assert.equal(await workbench.board.locator('sol-board [aria-label^="column"]').count(), 8);
    await workbench.screenshot('ui-board.png');
  });

  it('shows the Solitaire view with its Statistics tree', async () => {
    await workbench.page.locator('.activitybar .action-item .action-label[aria-label^="Solitaire"]').click();
    const container = workbench.page.locator('[id="workbench.view.extension.bakersGame"]');
    await container.waitFor({ timeout: 15_000 });
    await container.getByRole('button', { name: "New Baker's Game" }).waitFor({ timeout: 15_000 });
    await workbench.screenshot('ui-statistics.png');
  });
});
