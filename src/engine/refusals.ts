import { cardInText, isRed, parseCard, rankOf } from './card';
import type { Refusal } from './types';

type Params = Refusal['params'];

/** A card parameter (`7C`) as players read it (`7♣`); the raw text if it is not a card. */
function card(value: string | number | undefined): string {
  const parsed = typeof value === 'string' ? parseCard(value) : undefined;
  return parsed === undefined ? String(value) : cardInText(parsed);
}

/** "1 card", "3 cards". */
function count(value: string | number | undefined, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}

const RANK_WORDS = ['', 'Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King'];

/** "an 8", "a Queen": the article follows the sound of the word. */
function aRank(rank: number): string {
  const word = RANK_WORDS[rank] ?? String(rank);
  return /^(8|Ace)/.test(word) ? `an ${word}` : `a ${word}`;
}

function pile(params: Params): string {
  const kind = params['kind'];
  const name = kind === 'tableau' ? 'column' : kind === 'cell' ? 'free cell' : kind === 'foundation' ? 'foundation' : String(kind);
  return `${name} ${params['number']}`;
}

function oneAbove(params: Params): string {
  const parsed = parseCard(String(params['card']));
  return parsed === undefined ? 'a card one rank higher' : aRank(rankOf(parsed) + 1);
}

/**
 * The English sentence for each refusal code. The host may translate by code instead; these are
 * the reference wording and what the CLI prints.
 */
export const REFUSAL_MESSAGES: Readonly<Record<string, (params: Params) => string>> = {
  'unknown-variant': (p) => `there is no variant called "${p['id']}" (known: ${p['known']})`,
  'bad-deal-number': (p) => `"${p['value']}" is not a deal number: deals are whole numbers from 1 to 8,589,934,591`,
  'wrong-column-count': (p) => `this game has ${p['expected']} columns, the position has ${p['count']}`,
  'wrong-cell-count': (p) => `this game has ${p['expected']} free cells, the position has ${p['count']}`,
  'wrong-foundation-count': (p) => `there are 4 foundations, the position has ${p['count']}`,
  'not-a-card': (p) => `"${p['value']}" is not a card`,
  'duplicate-card': (p) => `the ${card(p['card'])} is there twice`,
  'card-count': (p) => `a deck has 52 cards, the position has ${p['count']} (missing: ${p['missing']})`,
  'bad-foundation-pile': (p) => `foundation ${p['pile']} cannot hold the ${card(p['card'])} where it is`,
  'bad-count': (p) => `a move takes at least one card, not ${p['count']}`,
  'bad-pile': (p) => `there is no ${pile(p)} in this game`,
  'foundation-locked': () => 'a card on a foundation stays there',
  'empty-source': (p) => `${pile(p)} is empty`,
  'cell-holds-one': () => 'a free cell holds a single card',
  'not-enough-cards': (p) => `the column has only ${count(p['available'], 'card')}, not ${p['count']}`,
  'one-card-home': () => 'cards go to the foundations one at a time',
  'not-playable-home': (p) => `the ${card(p['card'])} cannot go home yet: the ${card(p['needs'])} must be there first`,
  'no-foundation-takes': (p) =>
    `no foundation takes the ${card(p['card'])}: each starts with an Ace and goes up one rank at a time in alternate colours`,
  'wrong-foundation': (p) => `the ${card(p['card'])} does not belong on foundation ${p['foundation']}`,
  'foundation-needs-ace': (p) => `an empty foundation starts with an Ace, not the ${card(p['card'])}`,
  'foundation-mismatch': (p) =>
    `the ${card(p['card'])} cannot go on the ${card(p['target'])}: foundations go up one rank at a time in alternate colours`,
  'no-cells': () => 'this game has no free cells',
  'cell-to-cell': () => 'a card in a free cell can only go to the tableau or to a foundation',
  'no-free-cell': () => 'every free cell is taken',
  'cell-occupied': (p) => `free cell ${p['cell']} already holds the ${card(p['card'])}`,
  'same-pile': () => 'the cards are already in that column',
  'single-cards-only': () => 'in this game cards move one at a time',
  'not-a-run': (p) => `the top ${p['count']} cards of the column are not a sequence, so they cannot move together`,
  'empty-column-closed': () => 'in this game an empty column stays empty',
  'empty-column-king-only': () => 'only a King may fill an empty column',
  'king-on-card': (p) => `the ${card(p['card'])} cannot go on another card`,
  'build-same-suit': (p) => `a ${card(p['card'])} can only go on the ${card(p['needs'])}`,
  'build-alternate-colour': (p) => {
    const parsed = parseCard(String(p['card']));
    const colour = parsed !== undefined && isRed(parsed) ? 'black' : 'red';
    return `a ${card(p['card'])} can only go on a ${colour} ${RANK_WORDS[parsed === undefined ? 0 : rankOf(parsed) + 1]}`;
  },
  'build-rank': (p) => `a ${card(p['card'])} can only go on ${oneAbove(p)}`,
  'run-too-long': (p) => `this run needs ${p['count']} free spaces, you have ${p['limit']}`,
  'bad-saved-move': (p) => `turn ${p['turn']}, move ${p['move']} of the saved game does not apply (${p['reason']})`,
  'board-bad-card': (p) => `line ${p['line']}: "${p['token']}" is not a card`,
  'board-bad-foundation': (p) => `line ${p['line']}: "${p['token']}" is not a foundation (write it like H-5 or C-0)`,
  'board-repeated-line': (p) => `line ${p['line']}: a second ${p['name']} line`,
  'board-too-many-cells': (p) => `line ${p['line']}: ${count(p['count'], 'free cell')}, this game has ${p['limit']}`,
  'board-too-many-columns': (p) => `line ${p['line']}: one column too many, this game has ${p['limit']}`,
  'board-duplicate-card': (p) =>
    p['first'] === p['line'] ? `line ${p['line']}: the ${card(p['card'])} is there twice` : `line ${p['line']}: the ${card(p['card'])} is already on line ${p['first']}`,
  'board-card-count': (p) => `the board has ${p['count']} cards, a deck has 52 (missing: ${p['missing']})`,
  'bad-notation': (p) => `"${p['token']}" is not a move (write moves like t3-t8, t3-c1, c1-f or 4:t3-t8)`,
  'notation-cannot-express': (p) =>
    `standard FreeCell notation cannot name the piles of ${p['variant']} (it has ${p['columns']} columns and ${p['cells']} free cells)`,
};

/**
 * The English sentence for a refusal, e.g. "a 7♣ can only go on the 8♣". When the refusal
 * carries the place of a move in a list (`index` and `token`), the sentence names it first.
 */
export function describeRefusal(refusal: Refusal): string {
  const message = REFUSAL_MESSAGES[refusal.code];
  const sentence = message ? message(refusal.params) : `refused (${refusal.code})`;
  const { index, token } = refusal.params;
  if (index !== undefined && token !== undefined && refusal.code !== 'bad-notation') return `move ${index} "${token}": ${sentence}`;
  if (index !== undefined && refusal.code === 'bad-notation') return `move ${index}: ${sentence}`;
  return sentence;
}
