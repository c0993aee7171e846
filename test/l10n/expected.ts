import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** The locale the suite runs in (set by the test harness in code-server's environment). */
export function testLocale(): string {
  const locale = process.env.BAKERS_GAME_TEST_LOCALE;
  if (!locale) throw new Error('BAKERS_GAME_TEST_LOCALE is not set: run through `npm test`');
  return locale;
}

/** A message as the locale's bundle has it, placeholders filled like vscode.l10n.t. */
export function expectedMessage(locale: string, key: string, ...args: Array<string | number>): string {
  const bundle = JSON.parse(readFileSync(join(ROOT, 'l10n', `bundle.l10n.${locale}.json`), 'utf8')) as Record<string, string>;
  const message = bundle[key];
  if (message === undefined) throw new Error(`no ${locale} translation of ${JSON.stringify(key)}`);
  return message.replace(/\{(\d+)\}/g, (whole, index: string) => String(args[Number(index)] ?? whole));
}

/** A manifest text (command title…) in the locale. */
export function expectedManifestText(locale: string, key: string): string {
  const texts = JSON.parse(readFileSync(join(ROOT, `package.nls.${locale}.json`), 'utf8')) as Record<string, string>;
  const text = texts[key];
  if (text === undefined) throw new Error(`no ${locale} manifest text for ${key}`);
  return text;
}
