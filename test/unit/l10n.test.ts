import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { REFUSAL_MESSAGES } from '../../src/engine';
import { refusalText, WORDED_REFUSALS } from '../../src/extension/i18n/refusalText';
import { englishOnly } from '../../src/extension/i18n/translate';
import { LANGUAGES, ROOT, hostKeys, manifestKeys, problems, readJson } from '../l10n/l10nKeys';

describe('translations', () => {
  const keys = hostKeys();

  it('the English source list holds exactly the messages the code uses (npm run l10n:check -- --write-english)', () => {
    const english = readJson(join(ROOT, 'l10n', 'bundle.l10n.json'));
    assert.deepEqual(Object.keys(english).sort(), [...keys.keys()].sort());
  });

  it('the manifest has an English text for every %key%', () => {
    assert.deepEqual(problems(manifestKeys(), readJson(join(ROOT, 'package.nls.json'))), []);
  });

  for (const language of LANGUAGES) {
    it(`${language}: every message and manifest text is translated, with every placeholder kept`, () => {
      assert.deepEqual(problems(keys, readJson(join(ROOT, 'l10n', `bundle.l10n.${language}.json`))), []);
      assert.deepEqual(problems(manifestKeys(), readJson(join(ROOT, `package.nls.${language}.json`)), readJson(join(ROOT, 'package.nls.json'))), []);
    });
  }

  it('the host words every refusal code the engine has', () => {
    assert.deepEqual(Object.keys(REFUSAL_MESSAGES).filter((code) => !WORDED_REFUSALS.includes(code)), []);
  });

  it('fills every placeholder of a refusal', () => {
    const sentence = refusalText({ code: 'build-alternate-colour', params: { card: '7H', target: '9C' } }, englishOnly);
    assert.equal(sentence, 'a 7♥ can only go on a black 8');
    assert.equal(refusalText({ code: 'run-too-long', params: { count: 5, limit: 3 } }, englishOnly), 'this run needs 5 free spaces, you have 3');
    assert.equal(refusalText({ code: 'no-such-code', params: {} }, englishOnly), 'refused (no-such-code)');
    // Missing cards as the other messages show cards, and no brackets in the import's brackets
    // (it said "(the board has 51 cards, a deck has 52 (missing: 3C))"; a play-test).
    assert.equal(
      refusalText({ code: 'board-card-count', params: { count: 50, missing: '3C TH' } }, englishOnly),
      'the board has 50 cards, a deck has 52; missing: 3♣ 10♥',
    );
  });
});
