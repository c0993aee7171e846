import * as assert from 'node:assert/strict';
import { formatCard, legalMoves, type Game, type Move, type PileRef } from '../../src/engine';
import type { BoardView, CardView, WebviewToHostMessage } from '../../src/protocol/webviewMessages';
import { boardPageForSuite, type BoardPage } from './page';
import { almostWon, deal, findGame, play, stuckGame, viewOf, WORDS } from './views';

const key = (ref: PileRef) => `${ref.kind}-${ref.index}`;

/** The code of the card a move carries first (the deepest of the run). */
function movedCode(game: Game, move: Move): string {
  const { from, count } = move;
  if (from.kind === 'cell') return formatCard(game.position.cells[from.index]!);
  const pile = from.kind === 'tableau' ? game.position.columns[from.index] : game.position.foundations[from.index];
  return formatCard(pile[pile.length - count]);
}

function moveMessage(seq: number, move: Move): WebviewToHostMessage {
  return { type: 'move', seq, gameId: 'test-game', from: { ...move.from }, to: { ...move.to }, count: move.count };
}

const code = (card: CardView) => `${'A23456789TJQK'.charAt(card.rank - 1)}${'CDHS'.charAt(card.suit)}`;

describe('the board webview in Chromium', function () {
  let board: BoardPage;
  let seq = 100;
  /** Shows a fresh view of `game` with a new seq, and forgets what was posted before. */
  const show = async (game: Game, options: Parameters<typeof viewOf>[1] = {}): Promise<BoardView> => {
    const view = viewOf(game, { seq: ++seq, ...options });
    await board.show(view);
    await board.takePosted();
    return view;
  };

  boardPageForSuite((opened) => (board = opened));

  it('says ready once, and shows a calm placeholder until the first state arrives', async () => {
    assert.deepEqual((await board.posted()).filter((m) => m.type !== 'focus'), [{ type: 'ready' }]);
    const host = board.page.locator('sol-board');
    assert.equal(await host.getAttribute('aria-busy'), 'true');
    assert.equal(await board.page.locator('sol-board .placeholder').count(), 16);
    assert.equal(await board.page.locator('sol-card').count(), 0);
  });

  it('tells the host when the page gains and loses the keyboard focus (for the keybindings)', async () => {
    await board.takePosted();
    await board.page.evaluate(() => {
      window.dispatchEvent(new FocusEvent('blur'));
      window.dispatchEvent(new FocusEvent('focus'));
    });
    assert.deepEqual(await board.posted().then((all) => all.filter((m) => m.type === 'focus').slice(-2)), [
      { type: 'focus', focused: false },
      { type: 'focus', focused: true },
    ]);
  });

  it('keeps the id of the game it shows in its VS Code state, for the serializer after a reload', async () => {
    await show(deal('bakers-game', 1));
    assert.deepEqual(await board.page.evaluate(() => (window as unknown as { __state: () => unknown }).__state()), { gameId: 'test-game' });
  });

  describe('draws the layout of each variant from a real view', () => {
    const layouts = [
      { variant: 'bakers-game', columns: 8, cells: 4 },
      { variant: 'freecell', columns: 8, cells: 4 },
      { variant: 'bakers-game-6', columns: 8, cells: 6 },
      { variant: 'eight-off', columns: 8, cells: 8 },
      { variant: 'seahaven', columns: 10, cells: 4 },
      { variant: 'bakers-dozen', columns: 13, cells: 0 },
      { variant: 'good-measure', columns: 10, cells: 0 },
    ];
    for (const { variant, columns, cells } of layouts) {
      it(`${variant}: ${columns} columns, ${cells} cells, 4 foundations, every card once, inside the width`, async () => {
        const game = deal(variant, 7);
        const view = await show(game);
        const page = board.page;
        assert.equal(await page.locator('sol-pile[data-pile^="tableau-"]').count(), columns);
        assert.equal(await page.locator('sol-pile[data-pile^="cell-"]').count(), cells);
        assert.equal(await page.locator('sol-pile[data-pile^="foundation-"]').count(), 4);
        const codes = await page.locator('sol-card').evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.card));
        assert.equal(codes.length, 52);
        assert.equal(new Set(codes).size, 52);
        assert.equal(await board.pile('tableau-0').locator('sol-card').count(), view.columns[0].cards.length);
        // The top card of each column is where the view says, named for screen readers.
        for (const pile of view.columns) {
          const top = pile.cards[pile.cards.length - 1];
          const card = board.pile(key(pile.ref)).locator('sol-card').last();
          assert.equal(await card.getAttribute('data-card'), code(top));
          assert.equal(await card.getAttribute('data-card-id'), String(top.id));
          assert.equal(await card.getAttribute('aria-label'), top.spoken);
          assert.equal(await card.getAttribute('role'), 'img');
        }
        assert.equal(await board.page.locator('sol-toolbar [data-testid="variant"]').textContent(), view.variantName);
        const overflow = await page.evaluate(() => {
          const cards = [...document.querySelector('sol-board')!.shadowRoot!.querySelectorAll('sol-pile')];
          const right = Math.max(...cards.map((c) => c.getBoundingClientRect().right));
          return { right, width: window.innerWidth, scroll: document.documentElement.scrollWidth };
        });
        assert.ok(overflow.right <= overflow.width, `piles end at ${overflow.right}, inside ${overflow.width}`);
        assert.ok(overflow.scroll <= overflow.width, 'no horizontal scroll');
      });
    }
  });

  it('shows the counters and toolbar from the view, and its buttons post commands', async () => {
    const game = deal('bakers-game', 11);
    const first = legalMoves(game.position)[0];
    await show(play(game, first), { elapsedSeconds: 75 });
    assert.equal((await board.page.locator('[data-testid="moves"]').textContent())?.trim(), '1');
    assert.equal((await board.page.locator('[data-testid="clock"]').textContent())?.trim(), '1:15');
    assert.equal((await board.page.locator('[data-testid="deal"]').textContent())?.trim(), '11');
    assert.equal(await board.page.locator('sol-toolbar button[data-command="redo"]').isDisabled(), true);
    await board.page.locator('sol-toolbar button[data-command="undo"]').click();
    await board.page.locator('sol-toolbar button[data-command="restart"]').click();
    await board.page.locator('sol-toolbar button[data-command="newGame"]').click();
    assert.deepEqual(await board.takePosted(), [
      { type: 'command', command: 'undo' },
      { type: 'command', command: 'restart' },
      { type: 'command', command: 'newGame' },
    ]);
    assert.equal(await board.page.locator('sol-toolbar').getAttribute('title'), WORDS.strings.keyboardHelp);
  });

  it('counts the clock on locally while it runs', async () => {
    await show(deal('bakers-game', 12), { elapsedSeconds: 10, clockRunning: true });
    await board.page.locator('[data-testid="clock"]', { hasText: '0:11' }).waitFor({ timeout: 3000 });
    await show(deal('bakers-game', 12), { elapsedSeconds: 20, clockRunning: false });
    await board.page.waitForTimeout(1300);
    assert.equal((await board.page.locator('[data-testid="clock"]').textContent())?.trim(), '0:20');
  });

  it('click a card, then a highlighted target: posts the move with the view’s seq', async () => {
    const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'tableau' && m.count === 1, 0);
    const view = await show(game);
    await board.card(movedCode(game, move)).click();
    const targets = viewOf(game).legalMoves.filter((m) => key(m.from) === key(move.from) && m.count === 1).map((m) => key(m.to));
    const highlighted = await board.page.locator('sol-pile[target]').evaluateAll((piles) => piles.map((p) => (p as HTMLElement).dataset.pile));
    assert.deepEqual(highlighted.sort(), [...new Set(targets)].sort());
    assert.match(await board.announced(), /^Picked up /);
    await board.pile(key(move.to)).click();
    assert.deepEqual(await board.takePosted(), [moveMessage(view.seq, move)]);
  });

  it('keeps the cards held across a new view of the same position (clock paused), not across a move', async () => {
    const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'tableau' && m.count === 1, 0);
    await show(game, { clockRunning: true });
    await board.card(movedCode(game, move)).click();
    const lit = await board.page.locator('sol-pile[target]').count();
    assert.ok(lit > 0);
    await board.show(viewOf(game, { seq: ++seq, clockRunning: false }));
    assert.equal(await board.page.locator('sol-pile[target]').count(), lit);
    const other = legalMoves(game.position).find((m) => key(m.from) !== key(move.from))!;
    await board.show(viewOf(play(game, other), { seq: ++seq }));
    assert.equal(await board.page.locator('sol-pile[target]').count(), 0);
    assert.equal(await board.page.locator('sol-card[selected]').count(), 0);
  });

  it('a click on a pile that is no target refuses with an announcement and posts nothing', async () => {
    const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'cell' && m.count === 1, 0);
    await show(game);
    const view = viewOf(game);
    const nonTarget = view.columns.find(
      (c) => key(c.ref) !== key(move.from) && !view.legalMoves.some((m) => key(m.from) === key(move.from) && m.count === 1 && key(m.to) === key(c.ref)),
    )!;
    const card = movedCode(game, move);
    await board.card(card).click();
    await board.pile(key(nonTarget.ref)).click();
    assert.deepEqual(await board.takePosted(), []);
    assert.match(await board.announced(), / cannot go to column \d+\.$/);
    assert.equal(await board.page.locator('sol-pile[target]').count(), 0, 'the selection is dropped');
    // Escape cancels a selection, and so does a click on the empty table.
    await board.card(card).click();
    await board.page.keyboard.press('Escape');
    assert.equal(await board.announced(), WORDS.strings.announceCancel);
    assert.equal(await board.page.locator('sol-pile[target]').count(), 0);
  });

  it('drag and drop with the pointer posts the move; a small wiggle stays a click', async () => {
    const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'tableau' && m.count === 1, 0);
    const view = await show(game);
    const card = board.card(movedCode(game, move));
    const from = (await card.boundingBox())!;
    const to = (await board.pile(key(move.to)).boundingBox())!;
    const mouse = board.page.mouse;
    // A 2-pixel wiggle: still a click, which selects.
    await mouse.move(from.x + from.width / 2, from.y + 10);
    await mouse.down();
    await mouse.move(from.x + from.width / 2 + 2, from.y + 11);
    await mouse.up();
    assert.match(await board.announced(), /^Picked up /);
    await board.page.keyboard.press('Escape');
    // A real drag, dropped over the lower part of the target column (the dragged card covers it).
    await mouse.move(from.x + from.width / 2, from.y + 10);
    await mouse.down();
    await mouse.move(to.x + to.width / 2, to.y + to.height - 20, { steps: 8 });
    assert.equal(await card.getAttribute('dragging'), '', 'the card follows the pointer');
    await mouse.up();
    assert.deepEqual(await board.takePosted(), [moveMessage(view.seq, move)]);
  });

  it('an illegal drop posts nothing and the card snaps back', async () => {
    const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.count === 1, 0);
    const view = await show(game);
    const illegal = view.columns.find(
      (c) => key(c.ref) !== key(move.from) && !view.legalMoves.some((m) => key(m.from) === key(move.from) && key(m.to) === key(c.ref)),
    )!;
    const card = board.card(movedCode(game, move));
    const from = (await card.boundingBox())!;
    const to = (await board.pile(key(illegal.ref)).boundingBox())!;
    await board.page.mouse.move(from.x + from.width / 2, from.y + 10);
    await board.page.mouse.down();
    await board.page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 6 });
    await board.page.mouse.up();
    await board.settle();
    assert.deepEqual(await board.takePosted(), []);
    assert.deepEqual(await card.boundingBox(), from);
    assert.equal(await card.getAttribute('dragging'), null);
    // Dropped on the toolbar, outside the table: nothing either.
    await board.page.mouse.move(from.x + from.width / 2, from.y + 10);
    await board.page.mouse.down();
    await board.page.mouse.move(from.x + from.width / 2, 3, { steps: 6 });
    await board.page.mouse.up();
    await board.settle();
    assert.deepEqual(await board.takePosted(), []);
    assert.deepEqual(await card.boundingBox(), from);
  });

  it('in a narrow tab, a drop beside the table\'s box over a column scrolled out of sight posts nothing', async () => {
    // Let go outside the board, a card went to a column the player could not see (a play-test).
    let found: { game: Game; move: Move } | undefined;
    for (let n = 1; n <= 200 && !found; n++) {
      const game = deal('bakers-dozen', n);
      const move = legalMoves(game.position).find((m) => m.from.kind === 'tableau' && m.from.index <= 3 && m.to.kind === 'tableau' && m.to.index >= 11 && m.count === 1);
      if (move) found = { game, move };
    }
    assert.ok(found, 'a Baker\'s Dozen deal with a move from a left column to a right one');
    const { game, move } = found;
    const size = board.page.viewportSize()!;
    await board.page.setViewportSize({ width: 420, height: 700 });
    try {
      await show(game);
      const scroller = board.page.getByTestId('table-scroll');
      await scroller.evaluate((element) => (element.scrollLeft = 0));
      const box = (await scroller.boundingBox())!;
      const card = board.card(movedCode(game, move));
      const from = (await card.boundingBox())!;
      const hidden = (await board.pile(key(move.to)).boundingBox())!;
      assert.ok(hidden.x > box.x + box.width, 'the target column is out of sight');
      const mouse = board.page.mouse;
      await mouse.move(from.x + from.width / 2, from.y + 10);
      await mouse.down();
      // Over where the hidden column lies, beyond the box's edge (the pointer is captured: it may leave the page).
      await mouse.move(hidden.x + hidden.width / 2, hidden.y + 30, { steps: 8 });
      await mouse.up();
      await board.settle();
      assert.deepEqual(await board.takePosted(), [], 'a move to a column out of sight');
    } finally {
      await board.page.setViewportSize(size);
    }
  });

  for (const variant of ['freecell', 'bakers-game']) {
    it(`${variant}: dragging from inside a run carries the run as one unit and posts its count`, async () => {
      const { game, move } = findGame(variant, (m) => m.from.kind === 'tableau' && m.to.kind === 'tableau' && m.count >= 2, 3);
      const view = await show(game);
      const card = board.card(movedCode(game, move));
      const from = (await card.boundingBox())!;
      const to = (await board.pile(key(move.to)).boundingBox())!;
      await board.page.mouse.move(from.x + from.width / 2, from.y + 8);
      await board.page.mouse.down();
      await board.page.mouse.move(to.x + to.width / 2, to.y + to.height - 10, { steps: 8 });
      const dragging = await board.pile(key(move.from)).locator('sol-card[dragging]').count();
      assert.equal(dragging, move.count, 'the whole run is lifted');
      await board.page.mouse.up();
      assert.deepEqual(await board.takePosted(), [moveMessage(view.seq, move)]);
    });
  }

  it('double-click sends a card home, or else to a free cell', async () => {
    const home = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'foundation', 2);
    const homeView = await show(home.game);
    await board.card(movedCode(home.game, home.move)).dblclick();
    const posted = await board.takePosted();
    assert.deepEqual(posted.filter((m) => m.type === 'move'), [moveMessage(homeView.seq, home.move)]);

    const cell = findGame('bakers-game', (m, g) => m.from.kind === 'tableau' && m.to.kind === 'cell' && !legalMoves(g.position).some((o) => key(o.from) === key(m.from) && o.to.kind === 'foundation'), 0);
    const cellView = await show(cell.game);
    await board.card(movedCode(cell.game, cell.move)).dblclick();
    const firstCell = cellView.legalMoves.find((m) => key(m.from) === key(cell.move.from) && m.count === 1 && m.to.kind === 'cell')!;
    assert.deepEqual((await board.takePosted()).filter((m) => m.type === 'move'), [{ type: 'move', seq: cellView.seq, gameId: 'test-game', ...firstCell }]);
  });

  it('plays a few moves with the keyboard alone, and announces them', async () => {
    let game = deal('bakers-game', 3);
    assert.equal(await board.page.locator('sol-board').getAttribute('tabindex'), '0', 'the board is a tab stop');
    await board.page.locator('sol-board').focus();
    assert.equal(await board.page.evaluate(() => document.activeElement?.localName), 'sol-board', 'the board takes the focus');
    await board.page.keyboard.press('ArrowDown');
    let cursor = { kind: 'tableau', index: 0 } as PileRef;
    const go = async (to: PileRef) => {
      if (to.kind !== cursor.kind) {
        const toTop = to.kind !== 'tableau';
        await board.page.keyboard.press(toTop ? 'ArrowUp' : 'ArrowDown');
        await board.page.keyboard.press('Home');
        cursor = toTop ? { kind: 'cell', index: 0 } : { kind: 'tableau', index: 0 };
      }
      const flat = (r: PileRef) => (r.kind === 'foundation' ? game.position.cells.length + r.index : r.index);
      const steps = flat(to) - flat(cursor);
      for (let i = 0; i < Math.abs(steps); i++) await board.page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
      cursor = to;
    };
    for (let turn = 0; turn < 3; turn++) {
      const view = viewOf(game, { seq: ++seq });
      await board.show(view);
      await board.takePosted();
      const move = legalMoves(game.position).find((m) => m.count === 1 && (m.to.kind === 'tableau' || m.to.kind === 'cell'))!;
      await go(move.from);
      assert.equal(await board.pile(key(move.from)).getAttribute('cursor'), '', 'the cursor is visible');
      await board.page.keyboard.press('Enter');
      assert.match(await board.announced(), /^Picked up /);
      await go(move.to);
      await board.page.keyboard.press(' ');
      assert.deepEqual(await board.takePosted(), [moveMessage(view.seq, move)]);
      game = play(game, move);
      const next = viewOf(game, { seq: ++seq });
      await board.show(next);
      assert.equal(await board.announced(), next.lastMove!.spoken);
      seq--;
    }
    seq++;
    await board.page.keyboard.press('u');
    await board.page.keyboard.press('r');
    await board.page.keyboard.press('n');
    assert.deepEqual(await board.takePosted(), [
      { type: 'command', command: 'undo' },
      { type: 'command', command: 'redo' },
      { type: 'command', command: 'newGame' },
    ]);
  });

  it('says the move an undo takes back and a redo plays again, and the game and deal when another game comes', async () => {
    // An undo was silent: the live region only cleared.
    const { game, move } = findGame('bakers-game', (m) => m.to.kind === 'tableau', 1);
    const ofThisTest = (view: BoardView): BoardView => ({ ...view, gameId: 'undo-test' });
    await board.show(ofThisTest(viewOf(game, { seq: 1 })));
    const after = ofThisTest(viewOf(play(game, move), { seq: 2 }));
    await board.show(after);
    assert.equal(await board.announced(), after.lastMove!.spoken);
    await board.show(ofThisTest(viewOf(game, { seq: 3 })));
    assert.equal(await board.announced(), `Undone: ${after.lastMove!.spoken}`);
    // Played again by Redo: said as a redo (it read as a new move).
    await board.show(ofThisTest(viewOf(play(game, move), { seq: 4, redone: true })));
    assert.equal(await board.announced(), `Redone: ${after.lastMove!.spoken}`);
    const other = deal('freecell', 617);
    await board.show({ ...viewOf(other, { seq: 5 }), gameId: 'another-game' });
    assert.equal(await board.announced(), 'FreeCell, deal 617');
    // The views that follow at once (the same board sent again) leave the words to be heard.
    await board.show({ ...viewOf(other, { seq: 5 }), gameId: 'another-game' });
    assert.equal(await board.announced(), 'FreeCell, deal 617', 'cleared before a screen reader could read it');
  });

  it('a refusal stands when the host sends the same board again right after it (undo with nothing to undo)', async () => {
    // The words were cleared within milliseconds (found by a play-test).
    const game = deal('bakers-game', 8);
    await board.show({ ...viewOf(game, { seq: 1 }), gameId: 'refusal-test' });
    await board.send({ type: 'refused', message: 'Nothing to undo.' });
    await board.page.locator('[data-testid="announcer"]', { hasText: 'Nothing to undo.' }).waitFor({ timeout: 3000 });
    await board.show({ ...viewOf(game, { seq: 2 }), gameId: 'refusal-test' });
    assert.equal(await board.announced(), 'Nothing to undo.');
  });

  it('Enter again on the same pile picks up a longer run', async () => {
    const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'tableau' && m.count >= 2, 3);
    const view = await show(game);
    await board.page.locator('sol-board').focus();
    await board.page.keyboard.press('ArrowDown');
    await board.page.keyboard.press('Home');
    for (let i = 0; i < move.from.index; i++) await board.page.keyboard.press('ArrowRight');
    const counts = [...new Set(view.legalMoves.filter((m) => key(m.from) === key(move.from)).map((m) => m.count))].sort((a, b) => a - b);
    await board.page.keyboard.press('Enter');
    for (const count of counts.slice(1)) {
      if (count > move.count) break;
      await board.page.keyboard.press('Enter');
      assert.match(await board.announced(), new RegExp(`\\(${count} cards\\)`));
    }
    assert.equal(await board.pile(key(move.from)).locator('sol-card[selected]').count(), move.count);
    for (let i = move.from.index; i < move.to.index; i++) await board.page.keyboard.press('ArrowRight');
    for (let i = move.from.index; i > move.to.index; i--) await board.page.keyboard.press('ArrowLeft');
    await board.page.keyboard.press('Enter');
    assert.deepEqual(await board.takePosted(), [moveMessage(view.seq, move)]);
  });

  it('shows and announces a refusal from the host', async () => {
    await show(deal('bakers-game', 5));
    await board.send({ type: 'refused', message: 'That move was made on an old board.' });
    await board.page.locator('[data-testid="announcer"]', { hasText: 'That move was made on an old board.' }).waitFor({ timeout: 3000 });
    assert.equal(await board.page.locator('[data-testid="announcer"]').getAttribute('aria-live'), 'polite');
  });

  it('won: a celebration, the summary, and New game / Same deal again', async () => {
    const game = play(almostWon(), { from: { kind: 'tableau', index: 0 }, to: { kind: 'foundation', index: 2 }, count: 1 });
    const view = await show(game, { elapsedSeconds: 125 });
    assert.equal(view.status, 'won');
    const over = board.page.locator('[data-testid="game-over"]');
    assert.equal(await over.getAttribute('data-status'), 'won');
    assert.equal((await over.locator('h2').textContent())?.trim(), 'You won!');
    assert.equal((await over.locator('p').textContent())?.trim(), 'Won in 1 moves and 2:05.');
    await over.locator('button[data-command="newGame"]').click();
    await over.locator('button[data-command="sameDeal"]').click();
    assert.deepEqual(await board.takePosted(), [
      { type: 'command', command: 'newGame' },
      { type: 'command', command: 'sameDeal' },
    ]);
  });

  it('won: the panel keeps its three buttons in one row where the table is wide enough', async () => {
    const game = play(almostWon(), { from: { kind: 'tableau', index: 0 }, to: { kind: 'foundation', index: 2 }, count: 1 });
    await show(game, { elapsedSeconds: 125, withHelp: true });
    const tops = await board.page.locator('[data-testid="game-over"] .buttons button').evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
    assert.equal(tops.length, 3);
    assert.equal(new Set(tops).size, 1, `button tops ${tops.join(', ')}`);
  });

  it('won with help: the summary says the win counts so', async () => {
    const game = play(almostWon(), { from: { kind: 'tableau', index: 0 }, to: { kind: 'foundation', index: 2 }, count: 1 });
    await show(game, { elapsedSeconds: 125, withHelp: true });
    const text = board.page.locator('[data-testid="game-over"] p');
    assert.equal((await text.textContent())?.trim(), `Won in 1 moves and 2:05. ${WORDS.strings.wonWithHelp}`);
    assert.equal(WORDS.strings.wonWithHelp, 'Counted as won with help.');
  });

  it('counted as lost: an end panel with New game / Same deal again, and no card moves any more', async () => {
    const game = deal('bakers-game', 10);
    const view = await show(game, { countedLost: true });
    assert.equal(view.status, 'lost');
    assert.deepEqual(view.legalMoves, []);
    const over = board.page.locator('[data-testid="game-over"]');
    assert.equal(await over.getAttribute('data-status'), 'lost');
    assert.equal((await over.locator('h2').textContent())?.trim(), WORDS.strings.lostTitle);
    assert.equal((await over.locator('p').textContent())?.trim(), WORDS.strings.lostSummary);
    const move = legalMoves(game.position)[0];
    await board.card(movedCode(game, move)).click({ position: { x: 8, y: 6 } });
    await board.pile(`${move.to.kind}-${move.to.index}`).click({ position: { x: 8, y: 6 }, force: true });
    assert.deepEqual((await board.takePosted()).filter((m) => m.type === 'move'), [], 'no move from an ended game');
    assert.equal(await board.page.locator('sol-toolbar button[data-command="undo"]').isDisabled(), true);
    await over.locator('button[data-command="newGame"]').click();
    await over.locator('button[data-command="sameDeal"]').click();
    assert.deepEqual(await board.takePosted(), [
      { type: 'command', command: 'newGame' },
      { type: 'command', command: 'sameDeal' },
    ]);
  });

    it('stuck: says so plainly, with Undo / Restart / New game', async () => {
    const view = await show(stuckGame());
    assert.equal(view.status, 'stuck');
    const over = board.page.locator('[data-testid="game-over"]');
    assert.equal(await over.getAttribute('data-status'), 'stuck');
    assert.equal((await over.locator('h2').textContent())?.trim(), WORDS.strings.stuckTitle);
    assert.equal((await over.locator('p').textContent())?.trim(), WORDS.strings.stuckSummary);
    assert.equal(await over.locator('button[data-command="undo"]').isDisabled(), true, 'nothing to undo in a fresh position');
    await over.locator('button[data-command="restart"]').click();
    await over.locator('button[data-command="newGame"]').click();
    assert.deepEqual(await board.takePosted(), [
      { type: 'command', command: 'restart' },
      { type: 'command', command: 'newGame' },
    ]);
    await show(deal('bakers-game', 5));
    assert.equal(await over.count(), 0, 'gone when play resumes');
  });

  it('the four-colour deck gives clubs and diamonds their own colours', async () => {
    const game = deal('bakers-game', 9);
    const colours = async () =>
      board.page.evaluate(() => {
        const all = [...document.querySelector('sol-board')!.shadowRoot!.querySelectorAll('sol-pile')].flatMap((p) => [...p.shadowRoot!.querySelectorAll('sol-card')]);
        const of = (suit: string) => getComputedStyle(all.find((c) => (c as HTMLElement).dataset.card!.endsWith(suit))!).color;
        return { C: of('C'), D: of('D'), H: of('H'), S: of('S') };
      });
    await show(game);
    const two = await colours();
    assert.equal(two.C, two.S);
    assert.equal(two.D, two.H);
    assert.notEqual(two.C, two.H);
    await show(game, { fourColourDeck: true });
    const four = await colours();
    // The charts' green and blue, a quarter of the way to the text colour (readable as text).
    const channels = (colour: string): number[] => {
      const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(colour);
      if (srgb) return srgb.slice(1, 4).map((value) => Number(value) * 255);
      const rgb = /^rgba?\((\d+), (\d+), (\d+)/.exec(colour);
      assert.ok(rgb, `a colour: ${colour}`);
      return rgb.slice(1, 4).map(Number);
    };
    const [cr, cg, cb] = channels(four.C);
    const [dr, dg, db] = channels(four.D);
    assert.ok(cg > cr && cg > cb, `clubs are green: ${four.C}`);
    assert.ok(db > dr && db > dg, `diamonds are blue: ${four.D}`);
    assert.notEqual(four.C, four.S);
    assert.notEqual(four.D, four.H);
    assert.equal(four.S, two.S);
    assert.equal(four.H, two.H);
  });

  it('animates a move from the card’s old place (FLIP) when animations are on, not when off', async () => {
    const { game, move } = findGame('bakers-game', (m) => m.from.kind === 'tableau' && m.to.kind === 'cell', 0);
    await show(game, { animations: true });
    const flying = await board.animationsStartedBy(viewOf(play(game, move), { seq: ++seq, animations: true }));
    assert.equal(flying.length, 1, 'the moved card flies');
    // Running, or already finished on a slow machine; not cancelled ('idle').
    assert.notEqual(flying[0].playState, 'idle');
    await board.settle();
    await show(game, { animations: false });
    assert.deepEqual(await board.animationsStartedBy(viewOf(play(game, move), { seq: ++seq, animations: false })), [], 'no animation when the setting is off');
    await board.settle();
  });
});
