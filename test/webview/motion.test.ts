import * as assert from 'node:assert/strict';
import { gameFromPosition, legalMoves, parseBoard, type Game, type Move } from '../../src/engine';
import type { BoardView } from '../../src/protocol/webviewMessages';
import { boardPageForSuite, type BoardPage } from './page';
import { almostWon, play, unwrap, viewOf } from './views';

/**
 * Motion that never lies: a flight starts where the card is on screen, ends where the engine
 * says the card is, and the won panel opens once every card is home.
 */

/**
 * A Baker's Game late in play: the first column (7 cards, 9♠ on top) takes 8♠, 7♠, 6♠ and 5♠
 * from the tops of the next four columns. It grows while cards fly onto it, so its fan (or the
 * card size) changes under cards still in flight.
 */
function growingColumnGame(): Game {
  const text = [
    'Foundations: H-5 C-5 D-5 S-0',
    'Freecells: - - - -',
    'KH QH JH TH 9H 8H 9S',
    '7H 6H KC 8S',
    'QC JC TC 7S',
    '9C 8C 7C 6S',
    '6C KD QD 5S',
    'JD TD 9D 8D 7D 6D',
    'KS QS JS TS',
    'AS 2S 3S 4S',
    '',
  ].join('\n');
  return unwrap(gameFromPosition(unwrap(parseBoard(text, 'bakers-game'))));
}

/** The game after each of the moves `wanted` picks in turn. */
function line(game: Game, ...wanted: ((move: Move) => boolean)[]): Game[] {
  const games: Game[] = [];
  for (const pick of wanted) {
    game = play(game, moveOf(game, pick));
    games.push(game);
  }
  return games;
}

const onto0 = (from: number) => (m: Move) => m.from.kind === 'tableau' && m.from.index === from && m.to.kind === 'tableau' && m.to.index === 0 && m.count === 1;

function moveOf(game: Game, wanted: (move: Move) => boolean): Move {
  const move = legalMoves(game.position).find(wanted);
  if (!move) throw new Error('the wanted move is not legal');
  return move;
}

/** A flight as the page recorded it when it started, and where the card was last drawn before. */
interface Flight {
  id: string;
  at: number;
  duration: number;
  start: { left: number; top: number };
  seen: { left: number; top: number } | null;
  /** The card was drawn at another place the frame before that: it was flying. */
  moving: boolean;
}

/**
 * Records, from now on, every flight started on a card (its starting box: the card's box
 * without transforms, moved by the flight's first keyframe) with the box the card was drawn
 * at in the last frame before (sampled every animation frame, by card id).
 */
async function recordFlights(board: BoardPage): Promise<void> {
  await board.page.evaluate(() => {
    type Box = { left: number; top: number };
    const w = window as unknown as { __flights?: Flight[]; __hops?: number; __seen?: Map<string, Box>; __before?: Map<string, Box>; __sampling?: boolean };
    const allCards = (): HTMLElement[] => {
      const root = document.querySelector('sol-board')?.shadowRoot;
      return [...(root?.querySelectorAll('sol-pile') ?? [])].flatMap((p) => [...(p.shadowRoot?.querySelectorAll<HTMLElement>('sol-card') ?? [])]);
    };
    if (!w.__flights) {
      type Animate = (this: Element, ...args: Parameters<Element['animate']>) => Animation;
      const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')?.value as Animate;
      Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>): Animation {
        const [keyframes, options] = args;
        if (this instanceof HTMLElement && this.localName === 'sol-pile') w.__hops = (w.__hops ?? 0) + 1;
        if (this instanceof HTMLElement && this.localName === 'sol-card' && Array.isArray(keyframes)) {
          const box = this.getBoundingClientRect();
          // The box without what runs on the card now: the new flight replaces it.
          const matrix = new DOMMatrix(getComputedStyle(this).transform === 'none' ? undefined : getComputedStyle(this).transform);
          const first = /translate\(([-\d.e]+)px, ([-\d.e]+)px\)/.exec(String((keyframes[0] as Keyframe | undefined)?.transform ?? ''));
          const dx = first ? Number(first[1]) : 0;
          const dy = first ? Number(first[2]) : 0;
          const id = this.dataset.cardId ?? '';
          const seen = w.__seen?.get(id);
          const earlier = w.__before?.get(id);
          w.__flights?.push({
            id,
            at: performance.now(),
            duration: typeof options === 'object' ? Number(options.duration ?? 0) : Number(options ?? 0),
            start: { left: box.left - matrix.e + dx, top: box.top - matrix.f + dy },
            seen: seen ?? null,
            moving: seen !== undefined && earlier !== undefined && (Math.abs(seen.left - earlier.left) > 0.5 || Math.abs(seen.top - earlier.top) > 0.5),
          });
        }
        return animate.apply(this, args);
      };
    }
    w.__flights = [];
    w.__hops = 0;
    w.__seen = new Map();
    w.__before = new Map();
    if (!w.__sampling) {
      w.__sampling = true;
      const sample = () => {
        w.__before = w.__seen;
        w.__seen = new Map();
        for (const card of allCards()) {
          const r = card.getBoundingClientRect();
          w.__seen?.set(card.dataset.cardId ?? '', { left: r.left, top: r.top });
        }
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    }
  });
  // Two frames: every card has been sampled where it is drawn now.
  await board.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

function flightsRecorded(board: BoardPage): Promise<Flight[]> {
  return board.page.evaluate(() => (window as unknown as { __flights: Flight[] }).__flights);
}

/**
 * Sends the views from inside the page, each once the board has drawn the one before and a
 * frame has been painted: as fast as a host could, cards still in flight. Returns the
 * milliseconds between the first and the last.
 */
function sendQuickly(board: BoardPage, views: BoardView[]): Promise<number> {
  return board.page.evaluate(async (all) => {
    const element = document.querySelector('sol-board') as HTMLElement & { updateComplete: Promise<boolean> };
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const first = performance.now();
    for (const view of all) {
      window.postMessage({ type: 'state', view }, '*');
      while (element.dataset.seq !== String(view.seq)) await frame();
      await element.updateComplete;
      await frame();
    }
    return performance.now() - first;
  }, views);
}

/** Every card's rendered box against its pile's box and index, as the view (the engine) places it. */
async function misplacedCards(board: BoardPage, view: BoardView): Promise<string[]> {
  const piles = [...view.cells, ...view.foundations, ...view.columns].map((p) => ({
    key: `${p.ref.kind}-${p.ref.index}`,
    stacked: p.ref.kind !== 'tableau',
    ids: p.cards.map((c) => String(c.id)),
  }));
  return board.page.evaluate((expected) => {
    const wrong: string[] = [];
    const root = document.querySelector('sol-board')!.shadowRoot!;
    for (const pile of expected) {
      const element = root.querySelector<HTMLElement & { fan: number }>(`sol-pile[data-pile="${pile.key}"]`);
      if (!element) {
        wrong.push(`${pile.key}: no pile`);
        continue;
      }
      const box = element.getBoundingClientRect();
      const cards = [...(element.shadowRoot?.querySelectorAll<HTMLElement>('sol-card') ?? [])];
      const ids = cards.map((c) => c.dataset.cardId ?? '');
      if (ids.join(',') !== pile.ids.join(',')) wrong.push(`${pile.key}: cards ${ids.join(',')}, the engine says ${pile.ids.join(',')}`);
      cards.forEach((card, i) => {
        const r = card.getBoundingClientRect();
        const top = box.top + (pile.stacked ? 0 : i * element.fan);
        if (Math.abs(r.left - box.left) > 0.5 || Math.abs(r.top - top) > 0.5) {
          wrong.push(`${card.dataset.card} in ${pile.key} at ${i}: drawn at (${r.left.toFixed(1)}, ${r.top.toFixed(1)}), its place is (${box.left.toFixed(1)}, ${top.toFixed(1)})`);
        }
        if (getComputedStyle(card).transform !== 'none') wrong.push(`${card.dataset.card}: still transformed (${getComputedStyle(card).transform})`);
      });
    }
    return wrong;
  }, piles);
}

/** Flights that did not start from where the card was drawn in the frame before. */
function liedFlights(flights: Flight[]): string[] {
  return flights
    .filter((f) => !f.seen || Math.abs(f.start.left - f.seen.left) > 0.5 || Math.abs(f.start.top - f.seen.top) > 0.5)
    .map((f) => `card ${f.id} flew from (${f.start.left.toFixed(1)}, ${f.start.top.toFixed(1)}), drawn at ${f.seen ? `(${f.seen.left.toFixed(1)}, ${f.seen.top.toFixed(1)})` : 'no place'}`);
}

describe('the board webview: motion that never lies', function () {
  let board: BoardPage;
  let seq = 100;
  // The growing column soon has to squeeze in this window.
  boardPageForSuite((opened) => (board = opened), { width: 900, height: 700 });

  it('queued views: every flight starts where its card is drawn and ends where the engine puts it', async () => {
    const a = growingColumnGame();
    const games = line(
      a,
      onto0(1),
      onto0(2),
      onto0(3),
      onto0(4),
      // 5♠ again: to a cell, back, and to a cell once more.
      (m) => m.from.kind === 'tableau' && m.from.index === 0 && m.to.kind === 'cell',
      (m) => m.from.kind === 'cell' && m.to.kind === 'tableau' && m.to.index === 0,
      (m) => m.from.kind === 'tableau' && m.from.index === 0 && m.to.kind === 'cell',
    );
    await board.show(viewOf(a, { seq: ++seq, animations: true }));
    await recordFlights(board);
    const views = games.map((game) => viewOf(game, { seq: ++seq, animations: true }));
    // Time on the page runs at a fifth of its speed (flights of 900 ms): whatever the load of the
    // machine, the next view comes while cards fly.
    const devtools = await board.context.newCDPSession(board.page);
    await devtools.send('Animation.enable');
    await devtools.send('Animation.setPlaybackRate', { playbackRate: 0.2 });
    let sent: number;
    try {
      sent = await sendQuickly(board, views);
      await board.settle();
    } finally {
      await devtools.send('Animation.setPlaybackRate', { playbackRate: 1 });
      await devtools.detach();
    }
    const flights = await flightsRecorded(board);
    const fromFlight = flights.filter((x) => x.moving).length;
    console.log(`      ${views.length} views sent in ${Math.round(sent)} ms; ${flights.length} flights started, ${fromFlight} of them of a card in flight`);
    assert.ok(flights.length >= views.length, `the moves fly (${flights.length} flights)`);
    assert.ok(fromFlight >= 1, 'some flight starts from a card in mid-flight');
    assert.deepEqual(liedFlights(flights), [], 'no flight starts from a place the card was not drawn at');
    assert.deepEqual(await misplacedCards(board, views[views.length - 1]), [], 'every card lands in its pile at its index');
  });

  it('views faster than a flight (a solution played with a short delay): the flights shorten and still land', async () => {
    const a = growingColumnGame();
    await board.show(viewOf(a, { seq: ++seq, animations: true }));
    await recordFlights(board);
    const games = line(a, onto0(1), onto0(2), onto0(3), onto0(4), (m) => m.to.kind === 'foundation', (m) => m.to.kind === 'foundation');
    const views = games.map((game) => ({ ...viewOf(game, { seq: ++seq, animations: true }), playingSolution: true }));
    const sent = await sendQuickly(board, views);
    await board.settle();
    const flights = await flightsRecorded(board);
    const durations = flights.map((f) => Math.round(f.duration)).join(', ');
    console.log(`      ${views.length} views of a playing solution in ${Math.round(sent)} ms; ${flights.length} flights of ${durations} ms`);
    assert.deepEqual(liedFlights(flights), [], 'no flight starts from a place the card was not drawn at');
    assert.deepEqual(await misplacedCards(board, views[views.length - 1]), [], 'every card lands in its pile at its index');
  });

  it('at a win the cards are home before the panel opens; then the foundations hop', async () => {
    // Queen then King of hearts go home in quick succession, as a played solution ends.
    const a = unwrap(gameFromPosition(unwrap(parseBoard('Foundations: H-J C-K D-K S-K\nFreecells: - - - -\nKH QH\n', 'bakers-game'))));
    const b = play(a, moveOf(a, (m) => m.to.kind === 'foundation'));
    const won = play(b, moveOf(b, (m) => m.to.kind === 'foundation'));
    await board.show(viewOf(a, { seq: ++seq, animations: true }));
    await recordFlights(board);
    await board.page.evaluate(() => {
      const w = window as unknown as { __panel?: { at: number; running: string[] } | null; __hops?: number };
      w.__panel = null;
      const root = document.querySelector('sol-board')!.shadowRoot!;
      const observer = new MutationObserver(() => {
        if (w.__panel || !root.querySelector('[data-testid="game-over"]')) return;
        const piles = [...root.querySelectorAll('sol-pile')];
        const elements = [...piles, ...piles.flatMap((p) => [...(p.shadowRoot?.querySelectorAll('sol-card') ?? [])])];
        const running = elements.flatMap((el) =>
          el
            .getAnimations()
            .filter((an) => an.playState === 'running' || an.playState === 'paused')
            .map((an) => `${el.localName} ${(el as HTMLElement).dataset.card ?? (el as HTMLElement).dataset.pile}: ${an.playState} at ${Math.round(Number(an.currentTime))} ms`),
        );
        w.__panel = { at: performance.now(), running };
        observer.disconnect();
      });
      observer.observe(root, { childList: true, subtree: true });
    });
    const t0 = await board.page.evaluate(() => performance.now());
    await sendQuickly(board, [
      { ...viewOf(b, { seq: ++seq, animations: true }), playingSolution: true },
      { ...viewOf(won, { seq: ++seq, animations: true }), playingSolution: true },
      // The host's last view: the playback is over.
      viewOf(won, { seq: ++seq, animations: true }),
    ]);
    await board.page.locator('[data-testid="game-over"][data-status="won"]').waitFor({ timeout: 5000 });
    const panel = await board.page.evaluate(() => (window as unknown as { __panel: { at: number; running: string[] } | null }).__panel);
    const flights = await flightsRecorded(board);
    const hops = await board.page.evaluate(() => (window as unknown as { __hops: number }).__hops);
    assert.ok(panel, 'the panel opened');
    const landed = Math.max(...flights.map((f) => f.at + f.duration));
    console.log(`      ${flights.length} flights, ${hops} hops; the panel opened ${Math.round(panel.at - t0)} ms after the first view, ${Math.round(panel.at - landed)} ms after the last flight's planned end`);
    assert.ok(flights.length >= 2, `both cards fly home (${flights.length} flights)`);
    assert.deepEqual(panel.running, [], 'nothing moves on the board when the panel opens');
    assert.equal(hops, 4, 'the four foundations hop');
    assert.deepEqual(await misplacedCards(board, viewOf(won)), [], 'every card is home');
    assert.deepEqual(liedFlights(flights), []);
  });

  for (const how of ['reduced motion', 'animations off'] as const) {
    it(`with ${how}: no celebration, and the won panel opens with the winning view`, async () => {
      const animations = how !== 'animations off';
      if (how === 'reduced motion') await board.page.emulateMedia({ reducedMotion: 'reduce' });
      try {
        const game = almostWon();
        await board.show(viewOf(game, { seq: ++seq, animations }));
        const won = viewOf(play(game, moveOf(game, (m) => m.to.kind === 'foundation')), { seq: ++seq, animations });
        const seen = await board.page.evaluate(async (next) => {
          const board = document.querySelector('sol-board') as HTMLElement & { updateComplete: Promise<boolean> };
          type Animate = (this: Element, ...args: Parameters<Element['animate']>) => Animation;
          const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')?.value as Animate;
          const started: string[] = [];
          Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>): Animation {
            started.push(this.localName);
            return animate.apply(this, args);
          };
          try {
            // In the very update that draws the winning view, the panel is there.
            const atOnce = await new Promise<boolean>((resolve) => {
              window.addEventListener(
                'message',
                () => void board.updateComplete.then(() => resolve(board.shadowRoot!.querySelector('[data-testid="game-over"]') !== null)),
                { once: true },
              );
              window.postMessage({ type: 'state', view: next }, '*');
            });
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            const panel = board.shadowRoot!.querySelector('[data-testid="game-over"]');
            const moving = (panel?.getAnimations({ subtree: true }) ?? []).map((a) => (a instanceof CSSAnimation ? a.animationName : 'script'));
            return { atOnce, started, moving };
          } finally {
            Element.prototype.animate = animate;
          }
        }, won);
        assert.equal(seen.atOnce, true, 'the panel is drawn with the winning view');
        assert.deepEqual(seen.started, [], 'no flight, no hop');
        assert.deepEqual(seen.moving, [], 'the panel does not pop, its suits do not rise');
      } finally {
        await board.page.emulateMedia({ reducedMotion: 'no-preference' });
      }
    });
  }
});
