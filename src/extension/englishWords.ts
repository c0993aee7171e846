import type { ViewWords } from './boardView';
import { boardWords } from './i18n/boardWords';
import { englishOnly } from './i18n/translate';

/** The board's words in English, the source language (tests and tools use it; the host uses `vscode.l10n`). */
export const ENGLISH_WORDS: ViewWords = boardWords(englishOnly);
