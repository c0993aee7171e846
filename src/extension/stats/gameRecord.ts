import { isVariantId, type VariantId } from '../../engine';

/**
 * Schema version written on every record; readers accept this and older ones they can migrate.
 * 1: the game's outcome. 2: also its moves (`turns`), its par, the help taken (`helpTurns`), and
 * an imported deal's start (`board`), so that a finished game can be reviewed move by move.
 */
export const RECORD_SCHEMA_VERSION = 2;

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
  /**
   * Schema 2: the moves played, one entry per move of the player with the moves auto-play made
   * after it, in long notation (`t3-t8 t3-f`). Absent in a record of schema 1.
   */
  readonly turns?: readonly string[];
  /**
   * Schema 2: the deal's par when the game ended (the shortest solution the solver found from the
   * start, in moves), `null` when none was found. Absent in a record of schema 1.
   */
  readonly par?: number | null;
  /** Schema 2: the moves (1-based, as in `turns`) made with help: a hint taken, or the solver's move. */
  readonly helpTurns?: readonly number[];
  /** Schema 2: an imported deal's start, as board text (fc-solve format); absent for a numbered deal. */
  readonly board?: string;
}

/** Most moves a record may hold (a game of millions of moves is not one we wrote). */
const MAX_TURNS = 100_000;

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

function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The fields schema 2 added, checked and copied; a reason when one is malformed. */
function schema2Fields(value: Record<string, unknown>): Pick<GameRecord, 'turns' | 'par' | 'helpTurns' | 'board'> | string {
  const { turns, par, helpTurns, board } = value;
  if (turns !== undefined && !(Array.isArray(turns) && turns.length <= MAX_TURNS && turns.every((turn) => typeof turn === 'string'))) return 'bad moves';
  if (par !== undefined && par !== null && !isWhole(par)) return 'bad par';
  if (helpTurns !== undefined && !(Array.isArray(helpTurns) && helpTurns.length <= MAX_TURNS && helpTurns.every(isWhole))) return 'bad help moves';
  if (board !== undefined && typeof board !== 'string') return 'bad board';
  return {
    ...(turns !== undefined ? { turns: [...turns] } : {}),
    ...(par !== undefined ? { par } : {}),
    ...(helpTurns !== undefined ? { helpTurns: [...helpTurns] } : {}),
    ...(board !== undefined ? { board } : {}),
  };
}

/**
 * Brings a record of any known schema to the current one, or says why it cannot. Version 2
 * is current; version 1 reads as a version 2 record without moves or par (it still counts, it
 * just cannot be reviewed). An older version gets a step here when the schema changes, never a
 * rewrite of the file. A newer version is refused (set aside, not misread) so an old extension
 * never drops what a newer one wrote.
 */
export function migrateRecord(value: unknown): { ok: true; record: GameRecord } | { ok: false; reason: string } {
  if (!isRecord(value)) return { ok: false, reason: 'not a JSON object' };
  const schema = value['schema'];
  if (typeof schema !== 'number') return { ok: false, reason: 'no schema version' };
  if (schema > RECORD_SCHEMA_VERSION) return { ok: false, reason: `written by a newer version (schema ${schema})` };
  if (schema !== 1 && schema !== 2) return { ok: false, reason: `unknown schema ${schema}` };
  const { id, variant, deal, startedAt, endedAt, durationMs, moves, result, withHelp, provedLost, extensionVersion } = value;
  if (typeof id !== 'string' || id.length === 0) return { ok: false, reason: 'no id' };
  if (typeof variant !== 'string' || !isVariantId(variant)) return { ok: false, reason: `unknown variant ${JSON.stringify(variant)}` };
  if (deal !== null && !(typeof deal === 'number' && Number.isInteger(deal) && deal > 0)) return { ok: false, reason: 'bad deal number' };
  if (!isIsoDate(startedAt) || !isIsoDate(endedAt)) return { ok: false, reason: 'bad dates' };
  if (!isCount(durationMs) || !isCount(moves)) return { ok: false, reason: 'bad duration or move count' };
  if (typeof result !== 'string' || !RESULTS.has(result)) return { ok: false, reason: `unknown result ${JSON.stringify(result)}` };
  // Schema 1 had none of these fields; one found there anyway is ignored, not trusted.
  const added = schema === 2 ? schema2Fields(value) : {};
  if (typeof added === 'string') return { ok: false, reason: added };
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
      ...added,
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
