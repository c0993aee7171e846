import * as assert from 'node:assert/strict';
import { formatCard, gameFromPosition, legalMoves, parseBoard, type Game, type PileRef } from '../../src/engine';
import { boardPageForSuite, type BoardPage } from './page';
import { deal, findGame, unwrap, viewOf } from './views';

/**
 * A refused click is seen, not only said: the cards that would not go shake (with motion off,
 * their outline flashes). A play-test clicked a buried card and saw nothing happen.
 */

/** A refusal cue as the page recorded it when it started: which card, and whether it moves or flashes. */
interface Cue {
  readonly card: string;
  readonly moves: boolean;
  readonly flashes: boolean;
}

/** From now on, records each refusal cue the page starts (the cue's animations have the id "refused"). */
async function recordCues(board: BoardPage): Promise<void> {
  await board.page.evaluate(() => {
    const page = window as unknown as { __cues?: Cue[]; __cueHook?: boolean };
    page.__cues = [];
    if (page.__cueHook) return;
    page.__cueHook = true;
    type Animate = (this: Element, ...args: Parameters<Element['animate']>) => Animation;
    const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')?.value as Animate;
    Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>): Animation {
      const animation = animate.apply(this, args);
      if (animation.id === 'refused' && animation.effect instanceof KeyframeEffect) {
        const frames = animation.effect.getKeyframes();
        page.__cues?.push({
          card: (this as HTMLElement).dataset.card ?? this.localName,
          moves: frames.some((frame) => 'transform' in frame),
          flashes: frames.some((frame) => Object.keys(frame).some((property) => property.startsWith('outline'))),
        });
      }
      return animation;
    };
  });
}

async function cues(board: BoardPage): Promise<Cue[]> {
  return board.page.evaluate(() => (window as unknown as { __cues: Cue[] }).__cues);
}

const key = (ref: PileRef) => `${ref.kind}-${ref.index}`;

/**
 * A Baker's Game with every cell full where 3♦ may go onto 4♦ and 4♦ onto 5♦, and nothing else
 * moves: 3♣ on top of the first column has nowhere to go.
 */
function fewMovesGame(): Game {
  const code = (rank: number, suit: number) => formatCard((rank - 1) * 4 + suit);
  const tops = [code(3, 0), code(3, 1), code(5, 0), code(5, 1), code(7, 0), code(7, 1), code(9, 0), code(4, 1)];
  const cells = [0, 1, 2, 3].map((suit) => code(11, suit));
  const rest: string[] = [];
  for (let rank = 13; rank >= 1; rank--) {
    for (let suit = 3; suit >= 0; suit--) {
      const card = code(rank, suit);
      if (!tops.includes(card) && !cells.includes(card)) rest.push(card);
    }
  }
  const columns = tops.map((top, i) => [...rest.slice(i * 5, i * 5 + 5), top].join(' '));
  const text = `Foundations: H-0 C-0 D-0 S-0\nFreecells: ${cells.join(' ')}\n${columns.join('\n')}\n`;
  return unwrap(gameFromPosition(unwrap(parseBoard(text, 'bakers-game'))));
}

describe('the board webview: a refused click is seen', function () {
  let board: BoardPage;
  let seq = 300;

  boardPageForSuite((opened) => (board = opened), { width: 1000, height: 760 });

  it('a click on a card that cannot be picked up shakes it and the cards on it, and posts nothing', async () => {
    const game = deal('bakers-game', 1);
    await board.show(viewOf(game, { seq: ++seq, animations: true }));
    await board.takePosted();
    const column = game.position.columns[0];
    assert.ok(!legalMoves(game.position).some((m) => m.from.kind === 'tableau' && m.from.index === 0 && m.count === column.length), 'the whole column cannot move');
    await recordCues(board);
    // The bottom card shows only its top edge under the others: click there.
    await board.card(formatCard(column[0])).click({ position: { x: 12, y: 6 } });
    assert.deepEqual(await board.takePosted(), []);
    assert.match(await board.announced(), /has nowhere to go\.$/);
    assert.deepEqual(
      await cues(board),
      column.map((card) => ({ card: formatCard(card), moves: true, flashes: false })),
      'the card clicked and every card on it shake',
    );
  });

  it('with animations off in the settings the outline flashes instead', async () => {
    const game = deal('bakers-game', 1);
    await board.show(viewOf(game, { seq: ++seq, animations: false }));
    await board.takePosted();
    const column = game.position.columns[0];
    await recordCues(board);
    await board.card(formatCard(column[0])).click({ position: { x: 12, y: 6 } });
    assert.deepEqual(
      await cues(board),
      column.map((card) => ({ card: formatCard(card), moves: false, flashes: true })),
    );
  });

  for (const motion of ['motion', 'reduced motion'] as const) {
    it(`cards put on a pile that does not take them ${motion === 'motion' ? 'shake' : 'flash their outline (reduced motion)'}`, async () => {
      if (motion === 'reduced motion') await board.page.emulateMedia({ reducedMotion: 'reduce' });
      try {
        const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'cell' && m.count === 1, 0);
        await board.show(viewOf(game, { seq: ++seq, animations: true }));
        await board.takePosted();
        const view = viewOf(game);
        const nonTarget = view.columns.find(
          (c) => key(c.ref) !== key(move.from) && !view.legalMoves.some((m) => key(m.from) === key(move.from) && m.count === 1 && key(m.to) === key(c.ref)),
        )!;
        const from = game.position.columns[move.from.index];
        const card = formatCard(from[from.length - 1]);
        await board.card(card).click();
        await recordCues(board);
        await board.pile(key(nonTarget.ref)).click();
        assert.deepEqual(await board.takePosted(), []);
        assert.match(await board.announced(), / cannot go to column \d+\.$/);
        assert.deepEqual(await cues(board), [{ card, moves: motion === 'motion', flashes: motion !== 'motion' }]);
      } finally {
        await board.page.emulateMedia({ reducedMotion: 'no-preference' });
      }
    });
  }

  it('Enter on a pile whose top card has nowhere to go shakes that card', async () => {
    const game = fewMovesGame();
    const view = viewOf(game, { seq: ++seq, animations: true });
    assert.equal(view.status, 'playing');
    await board.show(view);
    await board.takePosted();
    await board.page.locator('sol-board').focus();
    await board.page.keyboard.press('ArrowDown');
    await board.page.keyboard.press('Home');
    await recordCues(board);
    await board.page.keyboard.press('Enter');
    assert.equal(await board.announced(), `${view.columns[0].cards[5].spoken} has nowhere to go.`);
    assert.deepEqual(await cues(board), [{ card: '3C', moves: true, flashes: false }]);
    // A pile that can move is picked up as before, with no cue.
    await board.page.keyboard.press('ArrowRight');
    await recordCues(board);
    await board.page.keyboard.press('Enter');
    assert.match(await board.announced(), /^Picked up /);
    assert.deepEqual(await cues(board), []);
  });
});
