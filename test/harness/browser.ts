import { chromium, type BrowserContext } from 'playwright-core';
import { rmSync } from 'node:fs';

/** Debian's Chromium; nothing here ever downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Flags that keep headless Chromium off the network (this machine reaches no host but the
 * package registries) and working as root.
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium with a fresh profile in `profileDir`. */
export async function launchBrowser(
  profileDir: string,
  options: {
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    reducedMotion?: 'reduce' | 'no-preference';
    /** Draw scrollbars that take room, as VS Code's webviews do (headless Chromium hides them: none takes room). */
    scrollbars?: boolean;
  } = {},
): Promise<BrowserContext> {
  rmSync(profileDir, { recursive: true, force: true });
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: options.scrollbars ? ['--hide-scrollbars'] : undefined,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'dark',
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
}
