import { useId } from 'react';
import type { BudgetRow } from '@pdbscope/shared/api';
import { parseSelector, requirementToString } from '@pdbscope/shared/selectors';

/**
 * The selector's requirements one by one, as kubectl prints each (`app=web`, `tier in (a,b)`,
 * `!canary`); the selector text whole when it has none to list (absent, empty or invalid).
 */
export function selectorExpressions(row: Pick<BudgetRow, 'selector' | 'selectorText'>): string[] {
  const parsed = parseSelector(row.selector);
  if (parsed.ok && parsed.value.kind === 'requirements')
    if (parsed.value.requirements.length > 0)
      return parsed.value.requirements.map(requirementToString);
  return [row.selectorText];
}

/**
 * A budget's selector in a grid row: each expression whole as far as the cell allows, and a
 * button that opens every expression, wrapped, beside the cell (a popover: it is never cut by
 * the row, Escape or a click elsewhere closes it). Its accessible name is the whole selector.
 */
export function SelectorCell({ row }: { row: BudgetRow }) {
  const id = useId();
  const expressions = selectorExpressions(row);
  const whole = expressions.join(', ');
  return (
    <>
      <button
        type="button"
        className="selector-cell"
        popoverTarget={id}
        aria-label={`Selector: ${whole}`}
        title={whole}
      >
        <span className="selector-exprs">
          {expressions.map((expression, index) => (
            <code key={index}>{expression}</code>
          ))}
        </span>
        {/* Seen even when the chips are cut: the cell opens. */}
        <span className="selector-open" aria-hidden="true">
          ⤢
        </span>
      </button>
      <div
        id={id}
        popover="auto"
        role="dialog"
        aria-label={`Selector of ${row.namespace}/${row.name}`}
        className="selector-popover"
      >
        <ul>
          {expressions.map((expression, index) => (
            <li key={index}>
              <code>{expression}</code>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
