/**
 * Playing time that only runs while the player can see the board and the game is on.
 * `now` is injected so tests can drive it.
 */
export class GameClock {
  private runningSince: number | undefined;

  constructor(
    private accumulatedMillis = 0,
    private readonly now: () => number = Date.now,
  ) {}

  get running(): boolean {
    return this.runningSince !== undefined;
  }

  /** Milliseconds counted so far, including the current run. */
  elapsedMillis(): number {
    return this.accumulatedMillis + (this.runningSince === undefined ? 0 : this.now() - this.runningSince);
  }

  start(): void {
    this.runningSince ??= this.now();
  }

  pause(): void {
    if (this.runningSince === undefined) return;
    this.accumulatedMillis += this.now() - this.runningSince;
    this.runningSince = undefined;
  }

  /** Back to zero, stopped. */
  reset(): void {
    this.accumulatedMillis = 0;
    this.runningSince = undefined;
  }
}

/** `1:05`, `12:00`, `1:02:03`. */
export function formatDuration(millis: number): string {
  const total = Math.floor(Math.max(0, millis) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
