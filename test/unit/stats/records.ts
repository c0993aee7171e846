import type { GameRecord } from '../../../src/extension/stats/gameRecord';

let counter = 0;

/** A valid record; override what the test is about. */
export function sampleRecord(overrides: Partial<GameRecord> = {}): GameRecord {
  counter++;
  return {
    schema: 2,
    id: `game-${counter}`,
    variant: 'bakers-game',
    deal: 1000 + counter,
    startedAt: '2026-01-01T10:00:00.000Z',
    endedAt: new Date(Date.UTC(2026, 0, 1, 11, 0, counter)).toISOString(),
    durationMs: 60_000,
    moves: 90,
    result: 'won',
    withHelp: false,
    provedLost: false,
    extensionVersion: '0.1.0',
    ...overrides,
  };
}
