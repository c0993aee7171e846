import { cardInText, isRed, parseCard, rankOf, type Refusal } from '../../engine';
import type { Translate } from './translate';

type Params = Refusal['params'];

const RANK_SYMBOLS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** A card parameter (`7C`) as players read it in any language (`7♣`). */
function card(value: string | number | undefined): string {
  const parsed = typeof value === 'string' ? parseCard(value) : undefined;
  return parsed === undefined ? String(value) : cardInText(parsed);
}

/** A list of card parameters (`3C 9H`) as players read them (`3♣ 9♥`): as the other messages show cards. */
function cards(value: string | number | undefined): string {
  return String(value ?? '')
    .split(' ')
    .filter((token) => token !== '')
    .map(card)
    .join(' ');
}

function pileName(t: Translate, params: Params): string {
  const number = params['number'] ?? '';
  switch (params['kind']) {
    case 'tableau':
      return t('column {0}', number);
    case 'cell':
      return t('free cell {0}', number);
    case 'foundation':
      return t('foundation {0}', number);
    default:
      return `${String(params['kind'])} ${number}`;
  }
}

/** The rank one above the card's, as printed on cards. */
function rankAbove(value: string | number | undefined): string {
  const parsed = typeof value === 'string' ? parseCard(value) : undefined;
  return parsed === undefined ? '?' : (RANK_SYMBOLS[rankOf(parsed) + 1] ?? '?');
}

/**
 * Each refusal code in the player's language. The engine returns codes with parameters; only
 * the host words them, so every language says exactly what the engine meant.
 */
const SENTENCES: Readonly<Record<string, (t: Translate, p: Params) => string>> = {
  'unknown-variant': (t, p) => t('there is no game called "{0}"', p['id'] ?? ''),
  'bad-deal-number': (t, p) => t('"{0}" is not a deal number: deals are whole numbers from 1 to 8,589,934,591', p['value'] ?? ''),
  'wrong-column-count': (t, p) => t('this game has {0} columns, the position has {1}', p['expected'] ?? '', p['count'] ?? ''),
  'wrong-cell-count': (t, p) => t('this game has {0} free cells, the position has {1}', p['expected'] ?? '', p['count'] ?? ''),
  'wrong-foundation-count': (t, p) => t('there are 4 foundations, the position has {0}', p['count'] ?? ''),
  'not-a-card': (t, p) => t('"{0}" is not a card', p['value'] ?? ''),
  'duplicate-card': (t, p) => t('the {0} is there twice', card(p['card'])),
  'card-count': (t, p) => t('a deck has 52 cards, the position has {0}; missing: {1}', p['count'] ?? '', cards(p['missing'])),
  'bad-foundation-pile': (t, p) => t('foundation {0} cannot hold the {1} where it is', p['pile'] ?? '', card(p['card'])),
  'bad-count': (t, p) => t('a move takes at least one card, not {0}', p['count'] ?? ''),
  'bad-pile': (t, p) => t('there is no {0} in this game', pileName(t, p)),
  'foundation-locked': (t) => t('a card on a foundation stays there'),
  'empty-source': (t, p) => t('{0} is empty', pileName(t, p)),
  'cell-holds-one': (t) => t('a free cell holds a single card'),
  'not-enough-cards': (t, p) => t('the column does not hold {1} cards, only {0}', p['available'] ?? '', p['count'] ?? ''),
  'one-card-home': (t) => t('cards go to the foundations one at a time'),
  'not-playable-home': (t, p) => t('the {0} cannot go home yet: the {1} must be there first', card(p['card']), card(p['needs'])),
  'no-foundation-takes': (t, p) => t('no foundation takes the {0}: each starts with an Ace and goes up one rank at a time in alternate colours', card(p['card'])),
  'wrong-foundation': (t, p) => t('the {0} does not belong on foundation {1}', card(p['card']), p['foundation'] ?? ''),
  'foundation-needs-ace': (t, p) => t('an empty foundation starts with an Ace, not the {0}', card(p['card'])),
  'foundation-mismatch': (t, p) => t('the {0} cannot go on the {1}: foundations go up one rank at a time in alternate colours', card(p['card']), card(p['target'])),
  'no-cells': (t) => t('this game has no free cells'),
  'cell-to-cell': (t) => t('a card in a free cell can only go to the tableau or to a foundation'),
  'no-free-cell': (t) => t('every free cell is taken'),
  'cell-occupied': (t, p) => t('free cell {0} already holds the {1}', p['cell'] ?? '', card(p['card'])),
  'same-pile': (t) => t('the cards are already in that column'),
  'single-cards-only': (t) => t('in this game cards move one at a time'),
  'not-a-run': (t, p) => t('the top {0} cards of the column are not a sequence, so they cannot move together', p['count'] ?? ''),
  'empty-column-closed': (t) => t('in this game an empty column stays empty'),
  'empty-column-king-only': (t) => t('only a King may fill an empty column'),
  'king-on-card': (t, p) => t('the {0} cannot go on another card', card(p['card'])),
  'build-same-suit': (t, p) => t('a {0} can only go on the {1}', card(p['card']), card(p['needs'])),
  'build-alternate-colour': (t, p) => {
    const parsed = parseCard(String(p['card']));
    const above = rankAbove(p['card']);
    return parsed !== undefined && isRed(parsed)
      ? t('a {0} can only go on a black {1}', card(p['card']), above)
      : t('a {0} can only go on a red {1}', card(p['card']), above);
  },
  'build-rank': (t, p) => t('a {0} can only go on a card of the next rank up ({1})', card(p['card']), rankAbove(p['card'])),
  'run-too-long': (t, p) => t('this run needs {0} free spaces, you have {1}', p['count'] ?? '', p['limit'] ?? ''),
  'bad-saved-move': (t, p) => t('turn {0}, move {1} of the saved game does not apply ({2})', p['turn'] ?? '', p['move'] ?? '', p['reason'] ?? ''),
  'board-bad-card': (t, p) => t('line {0}: "{1}" is not a card', p['line'] ?? '', p['token'] ?? ''),
  'board-bad-foundation': (t, p) => t('line {0}: "{1}" is not a foundation (write it like H-5 or C-0)', p['line'] ?? '', p['token'] ?? ''),
  'board-repeated-line': (t, p) => t('line {0}: a second {1} line', p['line'] ?? '', p['name'] ?? ''),
  'board-too-many-cells': (t, p) => t('line {0}: {1} free cells, this game has {2}', p['line'] ?? '', p['count'] ?? '', p['limit'] ?? ''),
  'board-too-many-columns': (t, p) => t('line {0}: one column too many, this game has {1}', p['line'] ?? '', p['limit'] ?? ''),
  // Twice on one line: "already on line 3" of line 3 read as a slip (a play-test).
  'board-duplicate-card': (t, p) =>
    p['first'] === p['line']
      ? t('line {0}: the {1} is there twice', p['line'] ?? '', card(p['card']))
      : t('line {0}: the {1} is already on line {2}', p['line'] ?? '', card(p['card']), p['first'] ?? ''),
  'board-card-count': (t, p) => t('the board has {0} cards, a deck has 52; missing: {1}', p['count'] ?? '', cards(p['missing'])),
  'bad-notation': (t, p) => t('"{0}" is not a move (write moves like t3-t8, t3-c1, c1-f or 4:t3-t8)', p['token'] ?? ''),
  'notation-cannot-express': (t, p) => t('standard FreeCell notation cannot name the piles of {0}', p['variant'] ?? ''),
};

/** The codes the host can word (the unit tests check it knows every code the engine has). */
export const WORDED_REFUSALS: readonly string[] = Object.keys(SENTENCES);

/** A refusal as a sentence in the player's language; an unknown code still says something. */
export function refusalText(refusal: Refusal, t: Translate): string {
  const sentence = SENTENCES[refusal.code]?.(t, refusal.params) ?? t('refused ({0})', refusal.code);
  const { index, token } = refusal.params;
  if (index !== undefined && token !== undefined && refusal.code !== 'bad-notation') return t('move {0} "{1}": {2}', index, token, sentence);
  return sentence;
}
