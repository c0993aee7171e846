/**
 * What the translations must cover: every message the host passes to `vscode.l10n.t` (or to a
 * translator named `t`) in `src/extension`, and every `%key%` of the manifest. Read from the
 * source text, so a new message cannot be forgotten.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');
export const LANGUAGES = ['nl', 'de', 'it', 'es'] as const;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** A JavaScript string literal's body, unescaped. */
function unescape(body: string, quote: string): string {
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|.)/g, (_whole, escaped: string) => {
    if (escaped.startsWith('u')) return String.fromCodePoint(parseInt(escaped.replace(/[u{}]/g, ''), 16));
    if (escaped === 'n') return '\n';
    if (escaped === 't') return '\t';
    return escaped === quote || escaped === '\\' ? escaped : escaped;
  });
}

/** Every message key used by the host, with the first place it is used. */
export function hostKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  const call = /(?:\bl10n\.t|(?<![\w.])t)\(\s*(['"])((?:\\.|(?!\1)[^\\\n])*)\1/g;
  for (const file of filesUnder(join(ROOT, 'src', 'extension'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(call)) {
      const key = unescape(match[2], match[1]);
      if (!keys.has(key)) keys.set(key, `${file.slice(ROOT.length + 1)}:${text.slice(0, match.index).split('\n').length}`);
    }
  }
  return keys;
}

/** Every `%key%` the manifest uses. */
export function manifestKeys(): Set<string> {
  const text = readFileSync(join(ROOT, 'package.json'), 'utf8');
  return new Set([...text.matchAll(/"%([^%"]+)%"/g)].map((match) => match[1]));
}

export function readJson(path: string): Record<string, string> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

/** The placeholders of a message (`{0}`, `{1}`, `{card}`…), sorted, for comparison. */
export function placeholders(message: string): string[] {
  return [...message.matchAll(/\{[^{}\s]+\}/g)].map((match) => match[0]).sort();
}

/** Problems of one language: missing keys, keys nobody uses, lost or invented placeholders. */
export function problems(source: ReadonlyMap<string, string> | ReadonlySet<string>, translated: Record<string, string>, english?: Record<string, string>): string[] {
  const found: string[] = [];
  const keys = [...source.keys()];
  for (const key of keys) {
    const value = translated[key];
    if (typeof value !== 'string' || value.trim() === '') {
      found.push(`missing: ${JSON.stringify(key)}`);
      continue;
    }
    const expected = placeholders(english?.[key] ?? key).join(' ');
    if (placeholders(value).join(' ') !== expected) found.push(`placeholders differ in ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  }
  const known = new Set(keys);
  for (const key of Object.keys(translated)) if (!known.has(key)) found.push(`unused: ${JSON.stringify(key)}`);
  return found;
}
