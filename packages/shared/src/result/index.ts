/**
 * The one shape of an outcome that can fail, as data rather than a throw: errors are data at
 * boundaries. `E` is a message unless a caller needs more (the simulator's `StoreError`).
 */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };
