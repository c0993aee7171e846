/**
 * `npm run l10n:check`: lists what each language lacks (missing keys, unused keys, placeholders
 * lost or invented), for the host bundles and the manifest. `--write-english` rewrites
 * `l10n/bundle.l10n.json` (the English source list) from the code first. Exit code 1 when a
 * language has a problem.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, ROOT, hostKeys, manifestKeys, problems, readJson } from './l10nKeys';

const keys = hostKeys();
if (process.argv.includes('--write-english')) {
  const english = Object.fromEntries([...keys.keys()].sort().map((key) => [key, key]));
  writeFileSync(join(ROOT, 'l10n', 'bundle.l10n.json'), `${JSON.stringify(english, null, 2)}\n`);
  console.log(`l10n/bundle.l10n.json: ${keys.size} messages`);
}
const manifestEnglish = readJson(join(ROOT, 'package.nls.json'));
let failed = 0;
for (const language of LANGUAGES) {
  const found = [
    ...problems(keys, readJsonOrEmpty(join(ROOT, 'l10n', `bundle.l10n.${language}.json`))).map((p) => `bundle.l10n.${language}.json ${p}`),
    ...problems(manifestKeys(), readJsonOrEmpty(join(ROOT, `package.nls.${language}.json`)), manifestEnglish).map((p) => `package.nls.${language}.json ${p}`),
  ];
  console.log(`${language}: ${found.length === 0 ? 'complete' : `${found.length} problem(s)`}`);
  for (const line of found) console.log(`  ${line}`);
  if (found.length > 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);

/** A language file, or none yet (every key missing); a file that cannot be read or parsed is an error, not an empty language. */
function readJsonOrEmpty(path: string): Record<string, string> {
  try {
    return readJson(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}
