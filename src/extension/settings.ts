import * as vscode from 'vscode';
import { isVariantId, type VariantId } from '../engine';

/** The extension's settings, read fresh each time (VS Code caches the configuration). */
export interface Settings {
  readonly defaultVariant: VariantId;
  readonly autoPlay: boolean;
  readonly fourColourDeck: boolean;
  readonly animations: boolean;
  readonly confirmAbandon: boolean;
  /** The "still winnable" badge after each move. */
  readonly showWinnableBadge: boolean;
  /** New games only from deals the solver proved winnable. */
  readonly winnableOnly: boolean;
  /** Pause between moves when a solution is played out. */
  readonly playbackDelayMs: number;
}

/** The section under which every setting lives. */
export const SETTINGS_SECTION = 'bakersGame';

function delay(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(2000, Math.max(0, value)) : 350;
}

/** Reads the settings; a value of the wrong type falls back to the default instead of failing. */
export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const variant = config.get<unknown>('defaultVariant');
  const flag = (key: string, fallback: boolean): boolean => {
    const value = config.get<unknown>(key);
    return typeof value === 'boolean' ? value : fallback;
  };
  return {
    defaultVariant: typeof variant === 'string' && isVariantId(variant) ? variant : 'bakers-game',
    autoPlay: config.get<unknown>('autoPlay') !== 'off',
    fourColourDeck: flag('fourColourDeck', false),
    animations: flag('animations', true),
    confirmAbandon: flag('confirmAbandon', true),
    showWinnableBadge: flag('showWinnableBadge', true),
    winnableOnly: flag('winnableDealsOnly', false),
    playbackDelayMs: delay(config.get<unknown>('playbackDelay')),
  };
}
