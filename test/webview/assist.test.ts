import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { formatCard, legalMoves, type Game, type Move } from '../../src/engine';
import type { BoardView, MoveView } from '../../src/protocol/webviewMessages';
import { boardPageForSuite, type BoardPage } from './page';
import { deal, findGame, play, viewOf, WORDS } from './views';

const key = (ref: { kind: string; index: number }) => `${ref.kind}-${ref.index}`;
const S = WORDS.strings;

/** The codes of the cards a move carries, bottom of the run first. */
function movedCodes(game: Game, move: Move): string[] {
  const { from, count } = move;
  if (from.kind === 'cell') return [formatCard(game.position.cells[from.index]!)];
  const pile = from.kind === 'tableau' ? game.position.columns[from.index] : game.position.foundations[from.index];
  return pile.slice(pile.length - count).map((card) => formatCard(card));
}

/** The hint as the host sends it: the move, and the sentence that says it. */
function hintOf(game: Game, move: Move): NonNullable<BoardView['hint']> {
  const card = WORDS.cardName(...rankSuit(game, move));
  const spoken = WORDS.moveSentence(card, WORDS.pileName(move.from.kind, move.from.index + 1), WORDS.pileName(move.to.kind, move.to.index + 1), move.count);
  const view: MoveView = { from: { ...move.from }, to: { ...move.to }, count: move.count };
  return { move: view, spoken };
}

function rankSuit(game: Game, move: Move): [number, number] {
  const code = movedCodes(game, move)[0];
  return ['A23456789TJQK'.indexOf(code[0]) + 1, 'CDHS'.indexOf(code[1])];
}

/** A Baker's Game a few moves in, with a move of two or more cards among its legal moves. */
function gameWithRun(): { game: Game; move: Move } {
  return findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'tableau' && m.count >= 2, 3);
}

describe('the board webview: the solver at the player side', function () {
  let board: BoardPage;
  let seq = 1000;
  /** Shows a real view of `game` with the solver's fields added, and forgets what was posted before. */
  const show = async (game: Game, extra: Partial<BoardView> = {}): Promise<BoardView> => {
    const view: BoardView = { ...viewOf(game, { seq: ++seq }), ...extra };
    await board.show(view);
    await board.takePosted();
    return view;
  };
  const toolbarButton = (command: string) => board.page.locator(`sol-toolbar button[data-command="${command}"]`);
  const badge = () => board.page.locator('sol-toolbar [data-testid="badge"]');
  const hinted = () =>
    board.page.locator('sol-card[data-hint]').evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.card));
  const hintPiles = () =>
    board.page.locator('sol-pile[data-hint]').evaluateAll((piles) => piles.map((p) => `${(p as HTMLElement).dataset.pile}:${(p as HTMLElement).dataset.hint}`));

  boardPageForSuite((opened) => (board = opened), { width: 1100, height: 760 });

  it('Hint, Solve and Play solution buttons carry the host words and post their commands', async () => {
    await show(deal('bakers-game', 3));
    for (const [command, label] of [
      ['hint', S.hint],
      ['solve', S.solve],
      ['playSolution', S.playSolution],
    ] as const) {
      assert.equal(await toolbarButton(command).getAttribute('aria-label'), label);
      assert.equal((await toolbarButton(command).textContent())?.trim(), label);
      assert.equal(await toolbarButton(command).locator('svg path, svg rect').count() > 0, true, `${command} has an icon`);
    }
    assert.equal(await toolbarButton('stopPlayback').count(), 0, 'no Stop while nothing plays');
    await toolbarButton('hint').click();
    await toolbarButton('solve').click();
    await toolbarButton('playSolution').click();
    assert.deepEqual(await board.takePosted(), [
      { type: 'command', command: 'hint' },
      { type: 'command', command: 'solve' },
      { type: 'command', command: 'playSolution' },
    ]);
  });

  it('the solver buttons are off once the game is won', async () => {
    const { game, move } = findGame('bakers-game', () => true, 0);
    await show(play(game, move), { status: 'won' });
    for (const command of ['hint', 'solve', 'playSolution']) assert.equal(await toolbarButton(command).isDisabled(), true, command);
    await show(game);
    for (const command of ['hint', 'solve', 'playSolution']) assert.equal(await toolbarButton(command).isDisabled(), false, command);
  });

  it('Play solution is off while the position is proved lost, and on again once it is winnable or unknown; Hint and Solve stay on (they say why)', async () => {
    const { game, move } = findGame('bakers-game', () => true, 0);
    const after = play(game, move);
    await show(after, { verdict: 'lost', lostAtMove: 1, winnableBefore: true });
    assert.equal(await toolbarButton('playSolution').isDisabled(), true);
    for (const command of ['hint', 'solve']) assert.equal(await toolbarButton(command).isDisabled(), false, command);
    await show(game, { verdict: 'winnable' });
    assert.equal(await toolbarButton('playSolution').isDisabled(), false);
    await show(after);
    assert.equal(await toolbarButton('playSolution').isDisabled(), false, 'no verdict yet');
  });

  it('a toolbar button reached by keyboard shows a focus ring, even where the theme draws button borders in the focus colour', async () => {
    await show(deal('bakers-game', 3));
    // As the "2026 Light" theme of code-server does: the ring drawn over the border was invisible.
    await board.page.evaluate(() => {
      const root = document.documentElement.style;
      root.setProperty('--vscode-button-border', 'rgb(0, 105, 204)');
      root.setProperty('--vscode-focusBorder', 'rgb(0, 105, 204)');
    });
    try {
      const button = toolbarButton('newGame');
      const box = (await button.boundingBox())!;
      const clip = { x: box.x - 4, y: box.y - 4, width: box.width + 8, height: box.height + 8 };
      await board.page.mouse.move(0, 700);
      const unfocused = await board.page.screenshot({ clip });
      await button.focus();
      await board.page.keyboard.press('Tab');
      await board.page.keyboard.press('Shift+Tab');
      assert.equal(await button.evaluate((b) => b.matches(':focus-visible')), true, 'focused by keyboard');
      const focused = await board.page.screenshot({ clip });
      // Pixels that changed clearly (not the anti-aliasing of a corner): a ring around the button
      // changes at least its perimeter's worth.
      const changed = await board.page.evaluate(
        async ([a, b]) => {
          const pixels = async (base64: string): Promise<Uint8ClampedArray> => {
            const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
            const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
            const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
            const context = canvas.getContext('2d')!;
            context.drawImage(bitmap, 0, 0);
            return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
          };
          const [p, q] = [await pixels(a), await pixels(b)];
          let count = 0;
          for (let i = 0; i < p.length; i += 4) {
            if (Math.max(Math.abs(p[i] - q[i]), Math.abs(p[i + 1] - q[i + 1]), Math.abs(p[i + 2] - q[i + 2])) > 48) count++;
          }
          return count;
        },
        [unfocused.toString('base64'), focused.toString('base64')] as const,
      );
      assert.ok(changed >= box.width + box.height, `${changed} pixels change when the button takes the focus`);
    } finally {
      await board.setTheme('dark');
    }
  });

  it('h (or H) on the board asks for a hint, even from a toolbar button', async () => {
    await show(deal('bakers-game', 3));
    await board.page.locator('sol-board').focus();
    await board.page.keyboard.press('h');
    await board.page.keyboard.press('Shift+H');
    await toolbarButton('solve').focus();
    await board.page.keyboard.press('h');
    assert.deepEqual(await board.takePosted(), [
      { type: 'command', command: 'hint' },
      { type: 'command', command: 'hint' },
      { type: 'command', command: 'hint' },
    ]);
  });

  it('a hint lights the cards to move and their target, and is announced once', async () => {
    const { game, move } = gameWithRun();
    await show(game);
    assert.deepEqual(await hinted(), [], 'no hint, no highlight');
    const hint = hintOf(game, move);
    await show(game, { hint });
    assert.deepEqual(await hinted(), movedCodes(game, move), 'the run to move, and only it');
    assert.deepEqual((await hintPiles()).sort(), [`${key(move.from)}:from`, `${key(move.to)}:to`].sort(), 'the source and the target pile');
    assert.equal(await board.announced(), `Hint: ${hint.spoken}`);
    // Drawn: an outline around the run and one on the target, in the light bulb's colour.
    const marks = await board.page.evaluate(
      ([from, to]) => {
        const shadow = document.querySelector('sol-board')!.shadowRoot!;
        const mark = (pile: string, cls: string) => {
          const element = shadow.querySelector(`sol-pile[data-pile="${pile}"]`)!.shadowRoot!.querySelector<HTMLElement>(`.mark.${cls}`);
          if (!element) return null;
          const style = getComputedStyle(element);
          const rect = element.getBoundingClientRect();
          return { colour: style.outlineColor, width: style.outlineWidth, height: rect.height, glow: style.boxShadow };
        };
        const cards = [...shadow.querySelector(`sol-pile[data-pile="${from}"]`)!.shadowRoot!.querySelectorAll<HTMLElement>('sol-card[data-hint]')];
        const top = Math.min(...cards.map((c) => c.getBoundingClientRect().top));
        const bottom = Math.max(...cards.map((c) => c.getBoundingClientRect().bottom));
        return { run: mark(from, 'hint'), target: mark(to, 'hint-to'), span: bottom - top };
      },
      [key(move.from), key(move.to)],
    );
    assert.ok(marks.run && marks.target, 'both marks drawn');
    assert.equal(marks.run.colour, 'rgb(255, 204, 0)', 'editorLightBulb-foreground');
    assert.equal(marks.target.colour, 'rgb(255, 204, 0)');
    assert.equal(marks.run.width, '2px');
    assert.ok(Math.abs(marks.run.height - marks.span) < 1.5, `the run outline spans the run (${marks.run.height} vs ${marks.span})`);
    // Chromium writes a color-mix() result as `color(srgb 1 0.8 0 / 0.5)`.
    assert.match(marks.run.glow, /rgba\(255, 204, 0, 0\.[1-9]|srgb 1 0\.8 0 \/ 0\.[1-9]/, `a soft glow of the same colour: ${marks.run.glow}`);

    // The same hint in a new view of the same position is not announced again.
    const said = await board.announcements();
    await show(game, { hint });
    assert.equal(await board.announcements(), said);
    assert.deepEqual(await hinted(), movedCodes(game, move));
    // A view without a hint clears the highlight.
    await show(game);
    assert.deepEqual(await hinted(), []);
    assert.deepEqual(await hintPiles(), []);
  });

  it('screenshot of a hint with the winnable badge, dark theme', async () => {
    const { game, move } = gameWithRun();
    await show(game, { hint: hintOf(game, move), verdict: 'winnable', elapsedSeconds: 64 });
    await board.page.mouse.move(1, 740);
    await board.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await board.settle();
    assert.ok(existsSync(await board.screenshot('hint')));
  });

  it('a hint of one card from a column to a free cell marks that card and the cell', async () => {
    const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'cell' && m.count === 1, 0);
    const hint = hintOf(game, move);
    // Shown first without the hint: the game before had more moves, and the board says an undo.
    await show(game);
    await show(game, { hint });
    assert.deepEqual(await hinted(), movedCodes(game, move));
    assert.equal(await board.pile(key(move.to)).getAttribute('data-hint'), 'to');
    assert.equal(await board.pile(key(move.from)).getAttribute('data-hint'), 'from');
    assert.equal(await board.page.locator('sol-pile[data-hint="to"]').count(), 1);
    assert.equal(await board.announced(), `Hint: ${hint.spoken}`);
  });

  it('in high contrast the hint uses the contrast border colour and no glow', async () => {
    const { game, move } = gameWithRun();
    await board.setTheme('high-contrast');
    try {
      await show(game, { hint: hintOf(game, move), verdict: 'winnable' });
      const look = await board.pile(key(move.to)).evaluate((pile) => {
        const style = getComputedStyle(pile.shadowRoot!.querySelector('.mark.hint-to')!);
        return { colour: style.outlineColor, glow: style.boxShadow };
      });
      assert.equal(look.colour, 'rgb(243, 133, 24)', 'contrastActiveBorder');
      assert.ok(look.glow === 'none' || /(rgba\(0, 0, 0, 0\)|transparent|\/ 0\)) 0px/.test(look.glow), `no glow: ${look.glow}`);
      await board.screenshot('hint-high-contrast');
    } finally {
      await board.setTheme('dark');
    }
  });

  it('in high contrast light the hint stands apart from the empty piles, the cursor and the targets (all blue there: a play-test took it for an empty foundation)', async () => {
    const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'cell' && m.count === 1, 0);
    await board.setTheme('high-contrast-light');
    try {
      await show(game);
      await show(game, { hint: hintOf(game, move) });
      const look = await board.page.evaluate((to) => {
        const shadow = document.querySelector('sol-board')!.shadowRoot!;
        const inPile = (pile: string, selector: string) => getComputedStyle(shadow.querySelector(`sol-pile[data-pile="${pile}"]`)!.shadowRoot!.querySelector(selector)!);
        const hint = inPile(to, '.mark.hint-to');
        const foundation = inPile('foundation-0', '.slot');
        return {
          colour: hint.outlineColor,
          width: parseFloat(hint.outlineWidth),
          fill: hint.backgroundColor,
          foundation: { colour: foundation.borderTopColor, width: parseFloat(foundation.borderTopWidth) },
        };
      }, key(move.to));
      // Cursor, targets and focus rings: focusBorder and contrastActiveBorder; empty piles: contrastBorder.
      for (const [blue, what] of [['rgb(0, 107, 189)', 'the cursor and targets'], ['rgb(15, 74, 133)', 'the empty piles']]) {
        assert.notEqual(look.colour, blue, `the hint is not in the colour of ${what}`);
      }
      assert.equal(look.foundation.colour, 'rgb(15, 74, 133)');
      assert.ok(look.width >= 2 * look.foundation.width, `an outline of ${look.width} px beside the empty foundation's ${look.foundation.width} px border`);
      assert.ok(!/rgba\(0, 0, 0, 0\)|transparent|\/ 0\)$/.test(look.fill), `the empty cell it goes to is tinted: ${look.fill}`);
      await board.screenshot('hint-high-contrast-light');
    } finally {
      await board.setTheme('dark');
    }
  });

  it('the winnable badge: a check and the words, announced once', async () => {
    const game = deal('bakers-game', 5);
    // After a lost verdict (as after Undo to winnable): the last verdict said is not this one.
    await show(game, { verdict: 'lost', lostAtMove: 1 });
    await show(game);
    await show(game, { verdict: 'winnable' });
    assert.equal(await badge().getAttribute('data-verdict'), 'winnable');
    assert.equal((await badge().textContent())?.trim(), S.badgeWinnable);
    assert.equal(await badge().locator('button').count(), 0, 'nothing to do while winnable');
    assert.equal(await board.announced(), S.badgeWinnable);
    const icon = await badge().locator('svg').evaluate((svg) => getComputedStyle(svg).stroke);
    assert.equal(icon, 'rgb(115, 201, 145)', 'testing-iconPassed');
    const said = await board.announcements();
    await show(game, { verdict: 'winnable' });
    assert.equal(await board.announcements(), said, 'the same verdict is not said twice');
    await show(game);
    assert.equal(await badge().count(), 0, 'nothing while unknown');
  });

  it("a move keeps the badge's place while the host checks the position again: the toolbar keeps its lines, the table stays put", async () => {
    let game = deal('bakers-game', 5);
    const toolbar = board.page.locator('sol-toolbar');
    const measure = () =>
      board.page.evaluate(async () => {
        const bar = document.querySelector('sol-board')!.shadowRoot!.querySelector('sol-toolbar') as HTMLElement & { updateComplete: Promise<boolean> };
        await bar.updateComplete;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const table = document.querySelector('sol-board')!.shadowRoot!.querySelector('.table')!.getBoundingClientRect();
        return { toolbar: bar.getBoundingClientRect().height, tableTop: table.top, tableWidth: table.width };
      });
    // A width where the toolbar wraps around the badge: a line more with it than without.
    let width = 0;
    for (let w = 1100; w >= 560 && width === 0; w -= 20) {
      await board.page.setViewportSize({ width: w, height: 760 });
      await show(game, { verdict: 'winnable' });
      const withBadge = (await measure()).toolbar;
      const without = await toolbar.evaluate((bar) => {
        const shown = bar.shadowRoot!.querySelector<HTMLElement>('[data-testid="badge"]')!;
        shown.style.display = 'none';
        const height = bar.getBoundingClientRect().height;
        shown.style.display = '';
        return height;
      });
      if (withBadge > without + 4) width = w;
    }
    try {
      assert.ok(width > 0, 'at some width the badge takes the toolbar a line more');
      const before = await measure();
      game = play(game, legalMoves(game.position)[0]);
      await show(game);
      assert.equal(await badge().count(), 0, 'no verdict shown while the host checks');
      assert.deepEqual(await measure(), before, `at ${width} px the toolbar and the table stay as they were`);
      const kept = toolbar.locator('[data-testid="badge-kept"]');
      assert.deepEqual(await kept.evaluate((b) => ({ visibility: getComputedStyle(b).visibility, hidden: b.getAttribute('aria-hidden'), inert: (b as HTMLElement).inert })), {
        visibility: 'hidden',
        hidden: 'true',
        inert: true,
      });
      await show(game, { verdict: 'winnable' });
      assert.equal(await badge().count(), 1);
      assert.equal(await kept.count(), 0);
      assert.deepEqual(await measure(), before);
      // A verdict that stays away gives its place back.
      await show(game);
      await board.page.waitForTimeout(1700);
      assert.equal(await kept.count(), 0);
      assert.ok((await measure()).toolbar < before.toolbar, 'the toolbar takes a line less');
    } finally {
      await board.page.setViewportSize({ width: 1100, height: 760 });
    }
  });

  it('a deal lost from its start says so, not "any more"', async () => {
    const game = deal('bakers-game', 10);
    await show(game);
    await show(game, { verdict: 'lost', lostAtMove: 0 });
    assert.equal((await badge().locator('[data-testid="badge-text"]').textContent())?.trim(), 'Not winnable from the start');
    assert.equal(await board.announced(), 'Not winnable from the start');
  });

  it('the lost badge names the losing move and offers undo to winnable and accepting the loss', async () => {
    let game = deal('bakers-game', 5);
    for (let i = 0; i < 3; i++) game = play(game, legalMoves(game.position).find((m) => m.to.kind !== 'cell') ?? legalMoves(game.position)[0]);
    await show(game, { verdict: 'winnable' });
    await show(game, { verdict: 'lost', lostAtMove: 2, winnableBefore: true });
    assert.equal(await badge().getAttribute('data-verdict'), 'lost');
    assert.equal((await badge().locator('[data-testid="badge-text"]').textContent())?.trim(), 'Not winnable any more (since move 2)');
    assert.equal(await board.announced(), 'Not winnable any more (since move 2)');
    const icon = await badge().locator('svg').evaluate((svg) => getComputedStyle(svg).stroke);
    assert.equal(icon, 'rgb(241, 76, 76)', 'testing-iconFailed');
    assert.equal((await badge().locator('button[data-command="undoToWinnable"]').textContent())?.trim(), S.undoToWinnable);
    assert.equal((await badge().locator('button[data-command="acceptLoss"]').textContent())?.trim(), S.acceptLoss);
    await badge().locator('button[data-command="undoToWinnable"]').click();
    await badge().locator('button[data-command="acceptLoss"]').click();
    assert.deepEqual(await board.takePosted(), [
      { type: 'command', command: 'undoToWinnable' },
      { type: 'command', command: 'acceptLoss' },
    ]);
    // The move that lost not known (positions between not decided), an earlier one winnable: no
    // move named, and undo to winnable offered.
    await show(game, { verdict: 'lost', winnableBefore: true });
    assert.equal((await badge().locator('[data-testid="badge-text"]').textContent())?.trim(), 'Not winnable any more');
    assert.equal(await badge().locator('button[data-command="undoToWinnable"]').count(), 1);
    assert.equal(await board.announced(), 'Not winnable any more', 'a change of the badge is said');
    // No winnable position before: no undo to winnable.
    await show(game, { verdict: 'lost' });
    assert.equal((await badge().locator('[data-testid="badge-text"]').textContent())?.trim(), 'Not winnable any more');
    assert.equal(await badge().locator('button[data-command="undoToWinnable"]').count(), 0);
    assert.equal(await badge().locator('button[data-command="acceptLoss"]').count(), 1);
  });

  it('a badge button that goes away with the focus on it hands the focus to the board, not to the page', async () => {
    const game = deal('bakers-game', 5);
    const focused = () => board.page.evaluate(() => document.activeElement?.localName ?? 'none');
    for (const next of [{ verdict: 'winnable' as const }, {}]) {
      await show(game, { verdict: 'lost', lostAtMove: 2, winnableBefore: true });
      await badge().locator('button[data-command="undoToWinnable"]').focus();
      assert.equal(await focused(), 'sol-board', 'the button, inside the board');
      // The winnable badge has no buttons; with no verdict the badge's place is kept, unseen.
      await show(game, next);
      assert.equal(await focused(), 'sol-board', `after ${next.verdict ?? 'no verdict'}`);
      assert.equal(
        await board.page.locator('sol-board').evaluate((host) => host.shadowRoot!.activeElement?.localName ?? 'the board itself'),
        'the board itself',
      );
    }
  });

  it('"Still winnable" is said when the verdict changes, not again after each move while the solver looks (it replaced the move\'s words)', async () => {
    let game = deal('bakers-game', 6);
    await show(game, { verdict: 'lost', lostAtMove: 1 });
    await show(game, { verdict: 'winnable' });
    assert.equal(await board.announced(), S.badgeWinnable);
    for (let turn = 0; turn < 2; turn++) {
      game = play(game, legalMoves(game.position)[0]);
      const moved = await show(game);
      assert.equal(await board.announced(), moved.lastMove!.spoken);
      await show(game, { verdict: 'winnable' });
      assert.equal(await board.announced(), moved.lastMove!.spoken, 'the same verdict again, after a blank badge');
    }
    await show(game, { verdict: 'lost', lostAtMove: 3 });
    assert.equal(await board.announced(), 'Not winnable any more (since move 3)');
  });

  it('a move and a new verdict arriving together are both said', async () => {
    const game = deal('bakers-game', 6);
    const move = legalMoves(game.position)[0];
    const after = play(game, move);
    await show(game, { verdict: 'winnable' });
    const view = await show(after, { verdict: 'lost', lostAtMove: 1 });
    assert.equal(await board.announced(), `${view.lastMove!.spoken}. Not winnable any more (since move 1)`);
  });

  it('screenshot of the lost badge, light theme', async () => {
    await board.setTheme('light');
    try {
      let game = deal('bakers-game', 9);
      for (let i = 0; i < 5; i++) {
        const moves = legalMoves(game.position);
        game = play(game, moves.find((m) => m.to.kind === 'foundation') ?? moves.find((m) => m.from.kind === 'tableau' && m.to.kind === 'tableau') ?? moves[0]);
      }
      await show(game, { verdict: 'lost', lostAtMove: 3, elapsedSeconds: 142 });
      const toolbarBottom = await board.page.locator('sol-toolbar').evaluate((t) => t.getBoundingClientRect().bottom);
      const tableTop = await board.page.evaluate(() => Math.min(...[...document.querySelector('sol-board')!.shadowRoot!.querySelectorAll('sol-pile')].map((p) => p.getBoundingClientRect().top)));
      assert.ok(tableTop >= toolbarBottom, `the table (${tableTop}) starts below the toolbar (${toolbarBottom})`);
      const path = await board.screenshot('lost-badge');
      assert.ok(existsSync(path));
    } finally {
      await board.setTheme('dark');
    }
  });

  it('at 480 px the toolbar with the lost badge wraps, never scrolls sideways, and the board stays below it', async () => {
    await board.page.setViewportSize({ width: 480, height: 760 });
    try {
      await show(deal('bakers-game', 9), { verdict: 'lost', lostAtMove: 3 });
      const sizes = await board.page.evaluate(() => {
        const shadow = document.querySelector('sol-board')!.shadowRoot!;
        const toolbar = shadow.querySelector('sol-toolbar')!;
        const inside = [...toolbar.shadowRoot!.querySelectorAll('button, .pill')].map((e) => e.getBoundingClientRect());
        const piles = [...shadow.querySelectorAll('sol-pile')].map((p) => p.getBoundingClientRect());
        const cards = [...shadow.querySelectorAll('sol-pile')].flatMap((p) => [...p.shadowRoot!.querySelectorAll('sol-card')]).map((c) => c.getBoundingClientRect());
        return {
          scroll: document.documentElement.scrollWidth,
          right: Math.max(...inside.map((r) => r.right)),
          toolbarBottom: toolbar.getBoundingClientRect().bottom,
          tableTop: Math.min(...piles.map((r) => r.top)),
          lowest: Math.max(...cards.map((r) => r.bottom)),
        };
      });
      assert.ok(sizes.scroll <= 480, `document ${sizes.scroll} px wide`);
      assert.ok(sizes.right <= 480, `toolbar content ends at ${sizes.right}`);
      assert.ok(sizes.tableTop >= sizes.toolbarBottom, `table at ${sizes.tableTop}, toolbar ends at ${sizes.toolbarBottom}`);
      assert.ok(sizes.lowest <= 760, `cards end at ${sizes.lowest}`);
      await board.screenshot('lost-badge-narrow');
    } finally {
      await board.page.setViewportSize({ width: 1100, height: 760 });
    }
  });

  it('in a board a sidebar squeezes to 220 px, the lost badge wraps within it: no sideways scroll, no word or button past the edge', async () => {
    await board.page.setViewportSize({ width: 220, height: 760 });
    try {
      await show(deal('bakers-game', 9), { verdict: 'lost', lostAtMove: 3, winnableBefore: true });
      const sizes = await board.page.evaluate(() => {
        const toolbar = document.querySelector('sol-board')!.shadowRoot!.querySelector('sol-toolbar')!;
        const badge = toolbar.shadowRoot!.querySelector('[data-testid="badge"]')!;
        const boxes = [...badge.querySelectorAll('.pill, button')] as HTMLElement[];
        return {
          scroll: document.documentElement.scrollWidth,
          right: Math.max(...boxes.map((e) => e.getBoundingClientRect().right)),
          // A box whose words run past it shows them cut off or over its neighbours.
          overflowing: boxes.filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).map((e) => e.textContent?.trim()),
        };
      });
      assert.ok(sizes.scroll <= 220, `document ${sizes.scroll} px wide`);
      assert.ok(sizes.right <= 220, `the badge ends at ${sizes.right}`);
      assert.deepEqual(sizes.overflowing, []);
      await board.screenshot('lost-badge-220');
    } finally {
      await board.page.setViewportSize({ width: 1100, height: 760 });
    }
  });

  describe('while a solution plays', () => {
    it('Stop replaces Play solution and posts stopPlayback', async () => {
      await show(deal('bakers-game', 3), { playingSolution: true });
      assert.equal(await toolbarButton('playSolution').count(), 0);
      assert.equal(await toolbarButton('stopPlayback').getAttribute('aria-label'), S.stopPlayback);
      await toolbarButton('stopPlayback').click();
      assert.deepEqual(await board.takePosted(), [{ type: 'command', command: 'stopPlayback' }]);
      await show(deal('bakers-game', 3));
      assert.equal(await toolbarButton('stopPlayback').count(), 0, 'Play solution is back once it ends');
      assert.equal(await toolbarButton('playSolution').count(), 1);
    });

    it('Escape posts stopPlayback, on the board or on a toolbar button; not when nothing plays', async () => {
      const game = deal('bakers-game', 3);
      await show(game, { playingSolution: true });
      await board.page.locator('sol-board').focus();
      await board.page.keyboard.press('Escape');
      assert.deepEqual(await board.takePosted(), [{ type: 'command', command: 'stopPlayback' }]);
      await show(game, { playingSolution: true });
      await toolbarButton('hint').focus();
      await board.page.keyboard.press('Escape');
      assert.deepEqual(await board.takePosted(), [{ type: 'command', command: 'stopPlayback' }]);
      // Nothing focused, the page itself (as after VS Code's command palette closes over the board).
      await show(game, { playingSolution: true });
      await board.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      assert.equal(await board.page.evaluate(() => document.activeElement === document.body), true);
      await board.page.keyboard.press('Escape');
      assert.deepEqual(await board.takePosted(), [{ type: 'command', command: 'stopPlayback' }], 'Escape with the focus on the page');
      await show(game);
      await board.page.locator('sol-board').focus();
      await board.page.keyboard.press('Escape');
      assert.deepEqual(await board.takePosted(), []);
    });

    it('picking up a card stops the playback first, once; the move then goes to the host', async () => {
      const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'cell' && m.count === 1, 0);
      const view = await show(game, { playingSolution: true });
      const [code] = movedCodes(game, move);
      await board.card(code).click();
      assert.equal(await board.announced(), `Picked up ${WORDS.cardName(...rankSuit(game, move))}. Choose where to put it.`, 'one card, said without a count');
      assert.deepEqual(await board.takePosted(), [{ type: 'command', command: 'stopPlayback' }], 'stopped on the pick-up itself');
      await board.pile(key(move.to)).click();
      assert.deepEqual(await board.takePosted(), [{ type: 'move', seq: view.seq, gameId: view.gameId, from: move.from, to: move.to, count: 1 }], 'no second stop');
    });

    it('a double-click move stops the playback first', async () => {
      const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'cell' && m.count === 1, 0);
      const view = await show(game, { playingSolution: true });
      const column = game.position.columns[move.from.index];
      await board.card(formatCard(column[column.length - 1])).dblclick();
      const posted = await board.takePosted();
      assert.deepEqual(posted[0], { type: 'command', command: 'stopPlayback' });
      assert.equal(posted.filter((m) => m.type === 'command').length, 1, 'stopPlayback once');
      const sent = posted.find((m) => m.type === 'move');
      assert.ok(sent && sent.type === 'move' && sent.seq === view.seq, 'the move follows');
    });
  });
});

