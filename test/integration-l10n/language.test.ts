import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BakersGameApi } from '../../src/extension/extension';
import { expectedMessage, testLocale } from '../l10n/expected';

describe('the extension in another display language', () => {
  const locale = testLocale();
  let api: BakersGameApi;

  before(async () => {
    const extension = vscode.extensions.getExtension<BakersGameApi>('bakers-game.bakers-game');
    assert.ok(extension);
    api = await extension.activate();
    await vscode.workspace.getConfiguration('bakersGame').update('confirmAbandon', false, vscode.ConfigurationTarget.Global);
  });

  it(`runs with VS Code in ${locale}`, () => {
    assert.equal(vscode.env.language, locale);
  });

  it('draws the board with words in that language', async () => {
    await vscode.commands.executeCommand('bakersGame.openDeal', 1, 'bakers-game');
    const view = api.controller.currentPanel!.lastView!;
    assert.equal(view.strings.undo, expectedMessage(locale, 'Undo'));
    assert.equal(view.strings.newGame, expectedMessage(locale, 'New game'));
    assert.equal(view.variantName, expectedMessage(locale, "Baker's Game"));
    const queenOfSpades = view.columns.flatMap((column) => column.cards).find((card) => card.rank === 12 && card.suit === 3);
    assert.equal(queenOfSpades?.spoken, expectedMessage(locale, '{0} of {1}', expectedMessage(locale, 'queen'), expectedMessage(locale, 'spades')));
    assert.equal(view.columns[0].spoken, expectedMessage(locale, 'column {0}', 1));
  });

  it('says why an illegal move is refused, in that language', () => {
    const panel = api.controller.currentPanel!;
    // Deal 1: the 6♠ on top of column 1 cannot go on the 9♣ on top of column 2, only on the 7♠.
    panel.receive({ type: 'move', seq: api.controller.currentSession!.sequence, from: { kind: 'tableau', index: 0 }, to: { kind: 'tableau', index: 1 }, count: 1 });
    assert.equal(panel.lastRefusal, expectedMessage(locale, 'a {0} can only go on the {1}', '6♠', '7♠'));
  });
});
