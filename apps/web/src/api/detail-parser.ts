import { z } from 'zod';
import { BudgetDetailResponseSchema, type BudgetDetailResponse } from '@pdbscope/shared/api';
import type { Parser } from './client.js';
import { namedItemsLater } from './first-paint.js';

// A 1,000-pod budget's lanes are most of its answer: the first paint checks everything but the
// pods one by one (first-paint.ts); `checkLanes` checks those right after.
const podsLater = namedItemsLater(['name', 'namespace']);
const FirstPaintSchema = BudgetDetailResponseSchema.extend({
  lanes: z.object({ available: podsLater, unavailable: podsLater, disrupted: podsLater }),
});
const LanesSchema = BudgetDetailResponseSchema.shape.lanes;

/** The detail's parser for the first paint: every field but each lane pod's own fields. */
export const detailFirstPaintParser: Parser<BudgetDetailResponse> = {
  parse: (data) => FirstPaintSchema.parse(data) as BudgetDetailResponse,
};

/** What is wrong with the lanes' pods, in words, or undefined when they match the API. */
export function checkLanes(lanes: unknown): string | undefined {
  const checked = LanesSchema.safeParse(lanes);
  return checked.success ? undefined : z.prettifyError(checked.error);
}
