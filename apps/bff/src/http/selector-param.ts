import { parseLabelSelectorQuery, type Selector } from '@pdbscope/shared';
import { HttpProblem } from './problem.js';

/**
 * A query parameter that is a label selector as `kubectl -l` takes it, parsed by the engine; a 400
 * naming the parameter, with the parser's own words, when it does not parse. Absent or empty
 * selects everything.
 */
export function selectorParam(field: string, text: string | undefined): Selector {
  const parsed = parseLabelSelectorQuery(text ?? '');
  if (parsed.ok) return parsed.value;
  throw new HttpProblem(400, `invalid query: ${field}: ${parsed.error}`, [
    { path: field, message: parsed.error },
  ]);
}
