/** Dealing a deal whose number and variant were checked already. */
import { dealPosition, describeRefusal, type Position } from '../engine';

/** The start position of deal `dealNumber`; a refusal here is a bug (both were checked), not bad input, so it throws. */
export function dealtPosition(variantId: string, dealNumber: number): Position {
  const position = dealPosition(variantId, dealNumber);
  if (!position.ok) throw new Error(describeRefusal(position.refusal));
  return position.value;
}
