import * as assert from 'node:assert/strict';
import { formatCard, gameFromPosition, legalMoves, parseBoard, type Game, type PileRef } from '../../src/engine';
import { boardPageForSuite, type BoardPage } from './page';
import type { ThemeName } from './themes';
import { deal, findGame, unwrap, viewOf } from './views';

/**
 * A refused click is seen, not only said: the cards that would not go shake (with motion off,
 * their outline flashes). A play-test clicked a buried card and saw nothing happen.
 */

/** A refusal cue as the page recorded it when it started: which card, and whether it moves or flashes a ring. */
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
          // A ring (box-shadow), never the outline: that marks the cards held.
          flashes: frames.some((frame) => 'boxShadow' in frame) && !frames.some((frame) => Object.keys(frame).some((property) => property.startsWith('outline'))),
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

/** The WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

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

  it('with animations off in the settings a ring flashes instead', async () => {
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
    it(`cards put on a pile that does not take them ${motion === 'motion' ? 'shake' : 'flash a ring (reduced motion)'}`, async () => {
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
  it('a refused click while a solution plays stops it first, so the next move does not cut the cue short', async () => {
    const game = deal('bakers-game', 1);
    await board.show({ ...viewOf(game, { seq: ++seq, animations: true }), playingSolution: true });
    await board.takePosted();
    await recordCues(board);
    await board.card(formatCard(game.position.columns[0][0])).click({ position: { x: 12, y: 6 } });
    assert.deepEqual(await board.takePosted(), [{ type: 'command', command: 'stopPlayback' }]);
    assert.equal((await cues(board)).length, game.position.columns[0].length);
  });

  it('dragging a card that cannot be picked up is refused as a click is: said and shaken, not dragged', async () => {
    const game = deal('bakers-game', 1);
    await board.show(viewOf(game, { seq: ++seq, animations: true }));
    await board.takePosted();
    const column = game.position.columns[0];
    const bottom = board.card(formatCard(column[0]));
    const box = (await bottom.boundingBox())!;
    const to = (await board.pile('tableau-3').boundingBox())!;
    await recordCues(board);
    const mouse = board.page.mouse;
    await mouse.move(box.x + 12, box.y + 6);
    await mouse.down();
    await mouse.move(to.x + to.width / 2, to.y + to.height - 20, { steps: 6 });
    assert.equal(await bottom.getAttribute('dragging'), null, 'the card stays where it is');
    await mouse.up();
    assert.deepEqual(await board.takePosted(), []);
    assert.match(await board.announced(), /has nowhere to go\.$/);
    const cued = await cues(board);
    assert.ok(cued.length >= column.length, `the cards shake (${cued.length} cues)`);
    assert.deepEqual([...new Set(cued.map((cue) => cue.card))], column.map((card) => formatCard(card)));
  });

  for (const animations of [true, false]) {
    it(`a drag let go on a pile that does not take it ${animations ? 'shakes as it snaps back' : 'flashes a ring (animations off)'}, and lands where it was`, async () => {
      const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'cell' && m.count === 1, 0);
      const view = viewOf(game, { seq: ++seq, animations });
      await board.show(view);
      await board.takePosted();
      const illegal = view.columns.find(
        (c) => key(c.ref) !== key(move.from) && !view.legalMoves.some((m) => key(m.from) === key(move.from) && key(m.to) === key(c.ref)),
      )!;
      const from = game.position.columns[move.from.index];
      const code = formatCard(from[from.length - 1]);
      const card = board.card(code);
      const start = (await card.boundingBox())!;
      const to = (await board.pile(key(illegal.ref)).boundingBox())!;
      await recordCues(board);
      const mouse = board.page.mouse;
      await mouse.move(start.x + start.width / 2, start.y + 10);
      await mouse.down();
      await mouse.move(to.x + to.width / 2, to.y + 40, { steps: 6 });
      await mouse.up();
      assert.deepEqual(await board.takePosted(), []);
      assert.match(await board.announced(), / cannot go to column \d+\.$/);
      assert.deepEqual(await cues(board), [{ card: code, moves: animations, flashes: !animations }]);
      await board.settle();
      assert.deepEqual(await card.boundingBox(), start, 'back in its place');
    });
  }

  it('with animations off, held cards keep their outline while the refusal flashes its ring (keyboard)', async () => {
    const game = fewMovesGame();
    await board.show(viewOf(game, { seq: ++seq, animations: false }));
    await board.takePosted();
    await board.page.locator('sol-board').focus();
    await board.page.keyboard.press('ArrowDown');
    await board.page.keyboard.press('Home');
    await board.page.keyboard.press('ArrowRight');
    await board.page.keyboard.press('Enter');
    assert.match(await board.announced(), /^Picked up /);
    await board.page.keyboard.press('ArrowRight');
    await board.page.keyboard.press('ArrowRight');
    await recordCues(board);
    await board.page.keyboard.press('Enter');
    assert.match(await board.announced(), / cannot go to column 4\.$/);
    assert.deepEqual(await cues(board), [{ card: '3D', moves: false, flashes: true }]);
    const held = await board.card('3D').evaluate((card) => {
      const animations = card.getAnimations();
      for (const animation of animations) animation.pause();
      const style = getComputedStyle(card);
      const seen = { selected: card.hasAttribute('selected'), outline: style.outlineStyle, ring: style.boxShadow };
      // A paused cue never finishes: the next test's wait for the animations to end would hang.
      for (const animation of animations) animation.cancel();
      return seen;
    });
    assert.equal(held.selected, true, 'the card stays held');
    assert.equal(held.outline, 'solid', 'its outline stays');
    assert.match(held.ring, /0px 0px 0px 5px/, `the ring shows: ${held.ring}`);
  });

  it('in high contrast light the ring (animations off) is thicker than elsewhere: a play-test found it thin there', async () => {
    const ringWidth = async (theme: ThemeName): Promise<number> => {
      await board.setTheme(theme);
      await board.show(viewOf(fewMovesGame(), { seq: ++seq, animations: false }));
      await board.takePosted();
      await board.page.locator('sol-board').focus();
      // Nothing held (a view of the same position keeps what was).
      await board.page.keyboard.press('Escape');
      await board.page.keyboard.press('ArrowDown');
      await board.page.keyboard.press('Home');
      await recordCues(board);
      await board.page.keyboard.press('Enter');
      assert.deepEqual(await cues(board), [{ card: '3C', moves: false, flashes: true }]);
      // The ring at its start (it fades): the last shadow's spread less the gap's before it.
      const shadow = await board.card('3C').evaluate((card) => {
        for (const animation of card.getAnimations()) {
          animation.pause();
          animation.currentTime = 0;
        }
        return getComputedStyle(card).boxShadow;
      });
      await board.screenshot(`refused-ring-${theme}`);
      // A paused cue never finishes: the next wait for the animations to end would hang.
      await board.card('3C').evaluate((card) => card.getAnimations().forEach((animation) => animation.cancel()));
      const spreads = [...shadow.matchAll(/0px 0px 0px ([\d.]+)px/g)].map((match) => Number(match[1]));
      assert.ok(spreads.length >= 2, `a gap and a ring: ${shadow}`);
      return spreads[spreads.length - 1] - spreads[spreads.length - 2];
    };
    try {
      const light = await ringWidth('light');
      const highContrastLight = await ringWidth('high-contrast-light');
      assert.equal(light, 3);
      assert.ok(highContrastLight >= 5, `${highContrastLight} px in high contrast light`);
    } finally {
      await board.setTheme('dark');
    }
  });

  for (const theme of ['dark', 'light', 'high-contrast', 'high-contrast-light'] as ThemeName[]) {
    it(`the ring's colour reads on a card and is not the selection's (${theme} theme)`, async () => {
      await board.setTheme(theme);
      try {
        await board.show(viewOf(deal('bakers-game', 2), { seq: ++seq }));
        const colours = await board.card(formatCard(deal('bakers-game', 2).position.columns[0][0])).evaluate((card) => {
          const read = (variable: string) => {
            const probe = document.createElement('div');
            probe.style.color = `var(${variable})`;
            card.shadowRoot!.appendChild(probe);
            const colour = getComputedStyle(probe).color;
            probe.remove();
            return colour;
          };
          return { ring: read('--sol-refused'), selected: read('--sol-selected'), face: getComputedStyle(card).backgroundColor };
        });
        assert.notEqual(colours.ring, colours.selected);
        const ratio = contrast(colours.ring, colours.face);
        assert.ok(ratio >= 3, `${colours.ring} on ${colours.face}: ${ratio.toFixed(2)}:1`);
      } finally {
        await board.setTheme('dark');
      }
    });
  }
});
