import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BakersGameApi } from '../../src/extension/extension';

/** Our extension's id, as VS Code knows it. */
export const EXTENSION_ID = 'bakers-game.bakers-game';

/**
 * The extension's API. Activates first: before activation `executeCommand` routes through the
 * renderer, which cannot hand back the objects a command returns.
 */
export async function activated(): Promise<BakersGameApi> {
  const extension = vscode.extensions.getExtension<BakersGameApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed`);
  return extension.activate();
}

/** Waits until `probe` holds. */
export async function until(what: string, probe: () => boolean, timeoutMillis = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMillis;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Sets user settings for a suite and puts them back afterwards (mocha `before`/`after`). New
 * deals never stop on the "abandon?" question in these suites.
 */
export function useSettings(settings: Record<string, unknown>): void {
  const all = { confirmAbandon: false, ...settings };
  before(async () => {
    const config = vscode.workspace.getConfiguration('bakersGame');
    for (const [key, value] of Object.entries(all)) await config.update(key, value, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    const config = vscode.workspace.getConfiguration('bakersGame');
    for (const key of Object.keys(all)) await config.update(key, undefined, vscode.ConfigurationTarget.Global);
  });
}
