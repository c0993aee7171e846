/**
 * Host-side work run in slices: the extension host's event loop must never block for long
 * (the review's aim is 20 ms), so work that can take longer (counting a solver's solution in
 * the player's moves, for par and for each position of a review) is written as steps and run
 * here a few milliseconds at a time, with a turn of the event loop between slices so that messages,
 * timers and other extensions run in between.
 */
import type { Steps } from './playerMoves';

/** How long one slice may run before the event loop gets its turn. */
export const SLICE_MS = 4;

/**
 * Waits for the event loop's next turn (after pending I/O and messages): `setImmediate` in a
 * Node extension host; the browser's web worker host has none, and a zero timeout serves there.
 */
export function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  return new Promise((resolve) => (immediate ? immediate(() => resolve()) : setTimeout(resolve, 0)));
}

/**
 * Runs `steps` to the end, `sliceMs` at a time, yielding to the event loop between slices;
 * stops early (undefined) when `signal` aborts.
 */
export async function runInSlices<T>(steps: Steps<T>, signal?: AbortSignal, sliceMs = SLICE_MS): Promise<T | undefined> {
  let sliceStarted = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStarted >= sliceMs) {
      await nextTurn();
      if (signal?.aborted) return undefined;
      sliceStarted = performance.now();
    }
  }
}
