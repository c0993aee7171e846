import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { legalMoves, type Game } from '../../src/engine';
import { boardPageForSuite, type BoardPage } from './page';
import { almostWon, deal, findGame, play, stuckGame, viewOf } from './views';

/** A game some moves in, with a free cell used: more to see than a fresh deal. */
function midGame(): Game {
  let game = deal('bakers-game', 4);
  for (let i = 0; i < 6; i++) {
    const moves = legalMoves(game.position);
    const move = moves.find((m) => m.to.kind === 'foundation') ?? moves.find((m) => m.to.kind === 'tableau' && m.from.kind === 'tableau') ?? moves[0];
    game = play(game, move);
  }
  return game;
}

describe('the board webview: looks, themes and widths', function () {
  let board: BoardPage;
  let seq = 500;

  boardPageForSuite((opened) => (board = opened), { width: 1100, height: 760 });

  for (const theme of ['dark', 'light', 'high-contrast'] as const) {
    it(`screenshot in the ${theme} theme, with a card picked up and its targets lit`, async () => {
      await board.page.setViewportSize({ width: 1100, height: 760 });
      await board.setTheme(theme);
      const game = midGame();
      await board.show(viewOf(game, { seq: ++seq, elapsedSeconds: 95 }));
      const move = legalMoves(game.position).find((m) => m.from.kind === 'tableau' && m.count === 1)!;
      const column = game.position.columns[move.from.index];
      const top = column[column.length - 1];
      await board.page.locator(`sol-card[data-card-id="${top}"]`).click();
      await board.settle();
      assert.ok((await board.page.locator('sol-pile[target]').count()) > 0);
      // The theme reaches the cards: their face is the theme's widget background.
      const face = await board.page.locator(`sol-card[data-card-id="${top}"]`).evaluate((card) => getComputedStyle(card).backgroundColor);
      const expected = { dark: 'rgb(37, 37, 38)', light: 'rgb(243, 243, 243)', 'high-contrast': 'rgb(12, 20, 31)' }[theme];
      assert.equal(face, expected);
      const path = await board.screenshot(theme);
      assert.ok(existsSync(path));
      await board.page.keyboard.press('Escape');
    });
  }

  it('screenshot of keyboard play: the cursor on a pile, a run held', async () => {
    await board.page.setViewportSize({ width: 1100, height: 760 });
    await board.setTheme('dark');
    const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'tableau' && m.count >= 2, 3);
    await board.show(viewOf(game, { seq: ++seq }));
    await board.page.locator('sol-board').focus();
    await board.page.keyboard.press('ArrowDown');
    await board.page.keyboard.press('Home');
    for (let i = 0; i < move.from.index; i++) await board.page.keyboard.press('ArrowRight');
    await board.page.keyboard.press('Enter');
    await board.page.keyboard.press('Enter');
    await board.page.keyboard.press(move.to.index > move.from.index ? 'ArrowRight' : 'ArrowLeft');
    await board.settle();
    assert.equal(await board.page.locator('sol-pile[cursor]').count(), 1);
    await board.screenshot('keyboard');
    await board.page.keyboard.press('Escape');
  });

  it('high contrast: cards are outlined with --vscode-contrastBorder and have no shadow', async () => {
    await board.setTheme('high-contrast');
    await board.show(viewOf(deal('bakers-game', 4), { seq: ++seq }));
    const style = await board.page.locator('sol-card').first().evaluate((card) => {
      const s = getComputedStyle(card);
      return { border: s.borderTopColor, shadow: s.boxShadow };
    });
    assert.deepEqual(style, { border: 'rgb(111, 195, 223)', shadow: 'none' });
    await board.setTheme('dark');
  });

  it('screenshots of the end of the game: won (dark) and stuck (light)', async () => {
    await board.setTheme('dark');
    const won = play(almostWon(), { from: { kind: 'tableau', index: 0 }, to: { kind: 'foundation', index: 2 }, count: 1 });
    await board.show(viewOf(won, { seq: ++seq, elapsedSeconds: 431 }));
    await board.screenshot('won');
    await board.setTheme('light');
    await board.show(viewOf(stuckGame(), { seq: ++seq, elapsedSeconds: 1000 }));
    await board.screenshot('stuck');
    await board.setTheme('dark');
  });

  it('the four-colour deck (light theme, Seahaven Towers)', async () => {
    await board.setTheme('light');
    await board.show(viewOf(deal('seahaven', 2), { seq: ++seq, fourColourDeck: true }));
    await board.screenshot('four-colour');
    await board.setTheme('dark');
  });

  for (const width of [400, 1600]) {
    for (const variant of ['bakers-dozen', 'eight-off', 'bakers-game']) {
      it(`never scrolls sideways at ${width} px unless the cards are at their minimum: ${variant}`, async () => {
        await board.page.setViewportSize({ width, height: 800 });
        // A long column too, to see the fan shrink rather than the board spill.
        const { game } = variant === 'bakers-game' ? findGame(variant, (m) => m.count >= 2, 3) : { game: deal(variant, 21) };
        await board.show(viewOf(game, { seq: ++seq }));
        const sizes = await board.page.evaluate(() => {
          const shadow = document.querySelector('sol-board')!.shadowRoot!;
          const scroller = shadow.querySelector<HTMLElement>('.table-scroll');
          const piles = [...shadow.querySelectorAll('sol-pile')].map((p) => p.getBoundingClientRect());
          const cards = [...shadow.querySelectorAll('sol-pile')].flatMap((p) => [...p.shadowRoot!.querySelectorAll('sol-card')]).map((c) => c.getBoundingClientRect());
          return {
            scrollWidth: document.documentElement.scrollWidth,
            bodyScrollWidth: document.body.scrollWidth,
            width: window.innerWidth,
            right: Math.max(...piles.map((r) => r.right), ...cards.map((r) => r.right)),
            left: Math.min(...piles.map((r) => r.left), ...cards.map((r) => r.left)),
            cardWidth: cards[0].width,
            tableScrollWidth: scroller?.scrollWidth ?? 0,
          };
        });
        assert.ok(sizes.cardWidth >= 40, `cards stay readable (${sizes.cardWidth} px)`);
        if (sizes.cardWidth < 40.5 && variant === 'bakers-dozen' && width === 400) {
          // 13 columns of the smallest readable cards are wider than 400 px: the table scrolls sideways
          // to them in a box of its own (the page does not: the toolbar stays in view).
          assert.ok(sizes.scrollWidth <= sizes.width, `document ${sizes.scrollWidth} px wide in a ${sizes.width} px window`);
          assert.ok(sizes.tableScrollWidth > sizes.width && sizes.left >= 0 && sizes.right - sizes.left <= sizes.tableScrollWidth, `cards span ${sizes.left}–${sizes.right} of ${sizes.tableScrollWidth}`);
        } else {
          assert.ok(sizes.scrollWidth <= sizes.width, `document ${sizes.scrollWidth} px wide in a ${sizes.width} px window`);
          assert.ok(sizes.bodyScrollWidth <= sizes.width);
          assert.ok(sizes.left >= 0 && sizes.right <= sizes.width, `cards span ${sizes.left}–${sizes.right}`);
        }
        if (variant !== 'eight-off') await board.screenshot(`width-${width}-${variant}`);
      });
    }
  }

  it('a tall column fans tighter so the board fits the window height', async () => {
    await board.page.setViewportSize({ width: 1000, height: 600 });
    // Stack every card it can on column 0 by playing moves onto it.
    let game = deal('bakers-game-relaxed', 8);
    for (let i = 0; i < 40; i++) {
      const onto = legalMoves(game.position).find((m) => m.to.kind === 'tableau' && m.to.index === 0);
      if (!onto) break;
      game = play(game, onto);
    }
    const tallest = Math.max(...game.position.columns.map((c) => c.length));
    await board.show(viewOf(game, { seq: ++seq }));
    const bottom = await board.page.evaluate(() => {
      const shadow = document.querySelector('sol-board')!.shadowRoot!;
      const cards = [...shadow.querySelectorAll('sol-pile')].flatMap((p) => [...p.shadowRoot!.querySelectorAll('sol-card')]);
      return Math.max(...cards.map((c) => c.getBoundingClientRect().bottom));
    });
    assert.ok(bottom <= 600, `the lowest card ends at ${bottom} px in a 600 px window (tallest column: ${tallest} cards)`);
  });
});

describe('the board webview: auto-play animation', function () {
  let board: BoardPage;
  boardPageForSuite((opened) => (board = opened));

  it('cards sent home by auto-play fly one after the other', async () => {
    const { game, move } = findGame('bakers-game', (m, g) => play(g, m).done.at(-1)!.moves.length >= 3, 2, true);
    const after = play(game, move);
    await board.show(viewOf(game, { seq: 1, animations: true }));
    const started = await board.animationsStartedBy(viewOf(after, { seq: 2, animations: true }));
    const delays = started.map((a) => a.delay);
    const autoplayed = after.done.at(-1)!.moves.length - 1;
    assert.ok(delays.length >= autoplayed + 1, `${delays.length} cards animate`);
    assert.deepEqual(started.filter((a) => a.playState === 'idle'), [], 'none cancelled');
    assert.equal(new Set(delays).size, autoplayed + 1, `one delay per move: ${delays.join(', ')}`);
    await board.settle();
  });
});

describe('the board webview under prefers-reduced-motion', function () {
  let board: BoardPage;
  boardPageForSuite((opened) => (board = opened), { reducedMotion: 'reduce' });

  it('moves without animation even when the setting allows animations', async () => {
    const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'cell', 0);
    await board.show(viewOf(game, { seq: 1, animations: true }));
    assert.deepEqual(await board.animationsStartedBy(viewOf(play(game, move), { seq: 2, animations: true })), []);
  });

  it('the won panel appears without its celebration motion', async () => {
    const won = play(almostWon(), { from: { kind: 'tableau', index: 0 }, to: { kind: 'foundation', index: 2 }, count: 1 });
    await board.show(viewOf(won, { seq: 3, animations: true }));
    const animated = await board.page.locator('[data-testid="game-over"]').evaluate((panel) => getComputedStyle(panel).animationName);
    assert.equal(animated, 'none');
  });
});
