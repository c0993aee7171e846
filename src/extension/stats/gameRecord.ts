import { isVariantId, type VariantId } from '../../engine';

/** Schema version written on every record; readers accept this and older ones they can migrate. */
export const RECORD_SCHEMA_VERSION = 1;

/** How a game ended. `lost`: no legal move was left (or the solver proved it lost). */
export type GameResultKind = 'won' | 'lost' | 'abandoned';

/** One finished game: one JSON line of the history file. */
export interface GameRecord {
  readonly schema: typeof RECORD_SCHEMA_VERSION;
  readonly id: string;
  readonly variant: VariantId;
  /** `null` for an imported deal. */
  readonly deal: number | null;
  readonly startedAt: string;
  readonly endedAt: string;
  readonly durationMs: number;
  readonly moves: number;
  readonly result: GameResultKind;
  /** Won after a hint, the solver's moves or Play Solution. */
  readonly withHelp: boolean;
  /** Lost because the solver proved the position could not be won any more. */
  readonly provedLost: boolean;
  readonly extensionVersion: string;
}

/** Why a line of the history could not be read. */
export interface DamagedLine {
  /** 1-based line number in the file. */
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

const RESULTS: ReadonlySet<string> = new Set<GameResultKind>(['won', 'lost', 'abandoned']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * Brings a record of any known schema to the current one, or says why it cannot. Version 1
 * is current; an older version gets a step here when the schema changes, never a rewrite of
 * the file. A newer version is refused (set aside, not misread) so an old extension never
 * drops what a newer one wrote.
 */
export function migrateRecord(value: unknown): { ok: true; record: GameRecord } | { ok: false; reason: string } {
  if (!isRecord(value)) return { ok: false, reason: 'not a JSON object' };
  const schema = value['schema'];
  if (typeof schema !== 'number') return { ok: false, reason: 'no schema version' };
  if (schema > RECORD_SCHEMA_VERSION) return { ok: false, reason: `written by a newer version (schema ${schema})` };
  if (schema !== RECORD_SCHEMA_VERSION) return { ok: false, reason: `unknown schema ${schema}` };
  const { id, variant, deal, startedAt, endedAt, durationMs, moves, result, withHelp, provedLost, extensionVersion } = value;
  if (typeof id !== 'string' || id.length === 0) return { ok: false, reason: 'no id' };
  if (typeof variant !== 'string' || !isVariantId(variant)) return { ok: false, reason: `unknown variant ${JSON.stringify(variant)}` };
  if (deal !== null && !(typeof deal === 'number' && Number.isInteger(deal) && deal > 0)) return { ok: false, reason: 'bad deal number' };
  if (!isIsoDate(startedAt) || !isIsoDate(endedAt)) return { ok: false, reason: 'bad dates' };
  if (!isCount(durationMs) || !isCount(moves)) return { ok: false, reason: 'bad duration or move count' };
  if (typeof result !== 'string' || !RESULTS.has(result)) return { ok: false, reason: `unknown result ${JSON.stringify(result)}` };
  return {
    ok: true,
    record: {
      schema: RECORD_SCHEMA_VERSION,
      id,
      variant,
      deal,
      startedAt,
      endedAt,
      durationMs,
      moves,
      result: result as GameResultKind,
      withHelp: withHelp === true,
      provedLost: provedLost === true,
      extensionVersion: typeof extensionVersion === 'string' ? extensionVersion : 'unknown',
    },
  };
}

/**
 * Reads a history file's text: every readable record, and every other line with the reason.
 * Blank lines are skipped. A game is counted once: a second record with an id already read
 * is dropped (two windows can both write a game they both ended, or a record kept waiting
 * after a failed write can be written again); the first one, the earlier written, is kept.
 */
export function parseHistory(text: string): { records: GameRecord[]; damaged: DamagedLine[] } {
  const records: GameRecord[] = [];
  const damaged: DamagedLine[] = [];
  const seen = new Set<string>();
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line.length === 0) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      const last = index === lines.length - 1;
      damaged.push({ line: index + 1, text: raw, reason: last ? 'cut short (the last write did not finish)' : 'not valid JSON' });
      continue;
    }
    const migrated = migrateRecord(value);
    if (!migrated.ok) damaged.push({ line: index + 1, text: raw, reason: migrated.reason });
    else if (!seen.has(migrated.record.id)) {
      seen.add(migrated.record.id);
      records.push(migrated.record);
    }
  }
  return { records, damaged };
}

/** The line written for a record (no newline). */
export function recordLine(record: GameRecord): string {
  return JSON.stringify(record);
}
