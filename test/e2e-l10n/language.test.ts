import * as assert from 'node:assert/strict';
import { openWorkbench, type Workbench } from '../e2e/workbench';
import { expectedManifestText, expectedMessage } from '../l10n/expected';

const locale = process.env.BAKERS_GAME_TEST_LOCALE ?? 'unknown';

describe(`the workbench in ${locale}`, () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench(expectedManifestText(locale, 'viewsContainer.solitaire'));
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench?.screenshot(`ui-${locale}-failure.png`);
  });

  after(async () => {
    await workbench?.close();
  });

  it("finds New Baker's Game in the palette under its translated title, and opens the board", async () => {
    await workbench.runCommand(expectedManifestText(locale, 'command.newBakersGame'));
    await workbench.board.locator('sol-card').first().waitFor({ timeout: 30_000 });
    const toolbar = workbench.board.locator('sol-toolbar');
    await toolbar.getByText(expectedMessage(locale, 'Undo'), { exact: true }).waitFor({ timeout: 10_000 });
    await toolbar.getByText(expectedMessage(locale, 'New game'), { exact: true }).waitFor({ timeout: 10_000 });
  });

  it('announces an illegal move in that language', async () => {
    const title = `${expectedManifestText(locale, 'command.category')}: ${expectedManifestText(locale, 'command.openDeal')}`;
    await workbench.runCommand(title);
    const input = workbench.page.locator('.quick-input-widget .quick-input-box input');
    await input.fill('1');
    await workbench.page.keyboard.press('Enter');
    await workbench.page.locator('.statusbar-item', { hasText: `${expectedMessage(locale, "Baker's Game")} #1` }).first().waitFor({ timeout: 15_000 });
    // Deal 1: the 6♠ on top of column 1 cannot go on column 2.
    await workbench.board.locator('sol-card[data-card="6S"]').click();
    await workbench.board.locator('sol-pile[data-pile="tableau-1"]').click();
    const sixOfSpades = expectedMessage(locale, '{0} of {1}', expectedMessage(locale, 'six'), expectedMessage(locale, 'spades'));
    const expected = expectedMessage(locale, '{card} cannot go to {target}.').replace('{card}', sixOfSpades).replace('{target}', expectedMessage(locale, 'column {0}', 2));
    await workbench.board.locator('[data-testid="announcer"]', { hasText: expected }).waitFor({ state: 'attached', timeout: 10_000 });
    assert.ok(expected.length > 0);
    await workbench.boardSettled();
    await workbench.screenshot(`ui-board-${locale}.png`);
  });
});
