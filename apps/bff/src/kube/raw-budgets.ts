import { refKey } from '@pdbscope/shared';
import type { BudgetRef } from '@pdbscope/shared/api';
import type { Logger } from 'pino';
import { errorReason } from './http.js';

/**
 * How the detail view's YAML reads a budget as the API server stores it, by kind. Read when a
 * budget's page asks, not kept from the watch: the stored objects of 10,000 budgets held 6.7 MB
 * (managedFields and all, on a real cluster several times that) for pages seldom opened.
 */
export class RawBudgets {
  private readonly readers = new Map<string, (ref: BudgetRef) => Promise<unknown>>();

  constructor(private readonly options: { logger: Logger }) {}

  /** How to read a budget of this kind from the API server. */
  setReader(kind: BudgetRef['kind'], read: (ref: BudgetRef) => Promise<unknown>): void {
    this.readers.set(kind, read);
  }

  /**
   * The budget as the API server stores it now; undefined when there is no server to ask or it
   * cannot answer (the page then shows the YAML of what the watch saw).
   */
  async read(ref: BudgetRef): Promise<unknown> {
    const read = this.readers.get(ref.kind);
    if (!read) return undefined;
    try {
      return await read(ref);
    } catch (err) {
      this.options.logger.warn({ budget: refKey(ref), err: errorReason(err) }, 'budget not read');
      return undefined;
    }
  }
}
