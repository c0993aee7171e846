import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PUBLISHER = 'bakers-game-tests';
const VERSION = '1.0.0';

/** The extension id of our stub language pack for a locale. */
function packName(locale: string): string {
  return `stub-language-pack-${locale}`;
}

/**
 * Makes a stub language pack `.vsix` for `locale`. VS Code only switches its display language
 * when a pack for it is registered, and real packs come from a marketplace this machine cannot
 * reach; an empty pack is enough (the workbench stays English where it has no translation, our
 * extension uses its own bundles).
 */
export function makeLanguagePack(workDir: string, locale: string, vsce: string): string {
  const dir = join(workDir, packName(locale));
  mkdirSync(join(dir, 'translations'), { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: packName(locale),
      displayName: `Stub language pack (${locale})`,
      description: 'Registers a display language for tests.',
      publisher: PUBLISHER,
      version: VERSION,
      license: 'MIT',
      repository: { type: 'git', url: 'https://example.invalid/stub.git' },
      engines: { vscode: '^1.90.0' },
      categories: ['Language Packs'],
      contributes: {
        localizations: [{ languageId: locale, languageName: locale, localizedLanguageName: locale, translations: [{ id: 'vscode', path: './translations/main.i18n.json' }] }],
      },
    }),
  );
  writeFileSync(join(dir, 'translations', 'main.i18n.json'), JSON.stringify({ version: '1.0.0', contents: {} }));
  writeFileSync(join(dir, 'README.md'), `Stub language pack for ${locale}.\n`);
  writeFileSync(join(dir, 'LICENSE'), 'MIT\n');
  writeFileSync(join(dir, '.vscodeignore'), '*.vsix\n');
  const vsix = join(workDir, `${packName(locale)}.vsix`);
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsix], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  return vsix;
}

/**
 * Registers an installed stub pack the way an install through the running server would
 * (a command-line install does not write `languagepacks.json`).
 */
export function registerLanguagePack(userDataDir: string, extensionsDir: string, locale: string): void {
  const folder = join(extensionsDir, `${PUBLISHER}.${packName(locale)}-${VERSION}`);
  const packs = {
    [locale]: {
      hash: `${packName(locale)}-${VERSION}`,
      extensions: [{ extensionIdentifier: { id: `${PUBLISHER}.${packName(locale)}` }, version: VERSION }],
      translations: { vscode: join(folder, 'translations', 'main.i18n.json') },
      label: locale,
    },
  };
  writeFileSync(join(userDataDir, 'languagepacks.json'), JSON.stringify(packs));
}
