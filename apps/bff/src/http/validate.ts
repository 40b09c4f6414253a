import type { ZodType } from 'zod';
import { HttpProblem } from './problem.js';

/** Parses a request part with its schema, or throws a 400 saying which field is wrong and why. */
export function parseOr400<T>(schema: ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({
    path: i.path.map(String).join('.') || '(root)',
    message: i.message,
  }));
  const first = errors[0];
  throw new HttpProblem(
    400,
    `invalid ${what}: ${first ? `${first.path}: ${first.message}` : 'unreadable'}`,
    errors,
  );
}
