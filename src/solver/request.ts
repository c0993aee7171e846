/** Checking a solve request that came from another thread. */
import { checkPosition, describeRefusal, isVariantId, type Position } from '../engine';
import type { SolveRequest } from '../protocol/solverMessages';

const isIntArray = (value: unknown): value is number[] => Array.isArray(value) && value.every((x) => Number.isInteger(x));

/** The request's position, checked by the engine, or a message saying what is wrong. */
export function checkRequest(request: SolveRequest): { ok: true; position: Position } | { ok: false; message: string } {
  const raw = request.position as unknown;
  const variant: unknown = request.variant;
  if (!isVariantId(variant)) return { ok: false, message: `unknown variant ${JSON.stringify(variant)}` };
  if (typeof raw !== 'object' || raw === null) return { ok: false, message: 'the request has no position' };
  const { columns, cells, foundations } = raw as Record<string, unknown>;
  if (!Array.isArray(columns) || !columns.every(isIntArray)) return { ok: false, message: 'position.columns must be arrays of card numbers' };
  if (!Array.isArray(cells) || !cells.every((cell) => cell === null || Number.isInteger(cell))) {
    return { ok: false, message: 'position.cells must hold card numbers or null' };
  }
  if (!Array.isArray(foundations) || !foundations.every(isIntArray)) return { ok: false, message: 'position.foundations must be arrays of card numbers' };
  if ((raw as { variant?: unknown }).variant !== undefined && (raw as { variant?: unknown }).variant !== variant) {
    return { ok: false, message: 'position.variant differs from the request variant' };
  }
  const budget = request.budget as unknown;
  if (budget !== undefined) {
    if (typeof budget !== 'object' || budget === null) return { ok: false, message: 'budget must be an object' };
    for (const [name, value] of Object.entries(budget)) {
      if (!['maxNodes', 'maxMillis', 'maxBytes'].includes(name)) return { ok: false, message: `unknown budget field ${name}` };
      if (value !== undefined && (typeof value !== 'number' || !(value > 0))) return { ok: false, message: `budget.${name} must be a positive number` };
    }
  }
  const position: Position = {
    variant,
    columns,
    cells,
    foundations,
  };
  const checked = checkPosition(position);
  if (!checked.ok) return { ok: false, message: describeRefusal(checked.refusal) };
  return { ok: true, position };
}
