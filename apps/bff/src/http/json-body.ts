import type { Response } from 'express';

/** Answers up to this size go out as one body (with its Content-Length), as `res.json` sends. */
export const JSON_CHUNK_CHARS = 64 * 1024;

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * `JSON.stringify(value)` in pieces of at least `chunkChars` characters (the last may be shorter).
 * Arrays, and the plain objects leading to them, are walked; anything else (an array's item that is
 * not an array, a leaf) is stringified whole, so a list of 10,000 rows costs 10,000 calls.
 */
export function* jsonChunks(value: unknown, chunkChars = JSON_CHUNK_CHARS): Generator<string> {
  let buffer = '';
  const walked = (v: unknown): boolean =>
    Array.isArray(v) || (isPlainObject(v) && typeof v['toJSON'] !== 'function');
  function* walk(v: unknown): Generator<string> {
    if (Array.isArray(v)) {
      buffer += '[';
      for (let i = 0; i < v.length; i++) {
        if (i > 0) buffer += ',';
        const item: unknown = v[i];
        if (Array.isArray(item)) yield* walk(item);
        else buffer += JSON.stringify(item) ?? 'null';
        if (buffer.length >= chunkChars) {
          yield buffer;
          buffer = '';
        }
      }
      buffer += ']';
    } else if (walked(v)) {
      const fields = v as Record<string, unknown>;
      buffer += '{';
      let first = true;
      for (const key of Object.keys(fields)) {
        const field = fields[key];
        const name = `${first ? '' : ','}${JSON.stringify(key)}:`;
        if (walked(field)) {
          buffer += name;
          yield* walk(field);
        } else {
          // What JSON.stringify leaves out of an object (undefined, a function, a toJSON giving
          // undefined) says nothing, not even its key.
          const text = JSON.stringify(field) as string | undefined;
          if (text === undefined) continue;
          buffer += name + text;
        }
        first = false;
      }
      buffer += '}';
    } else buffer += JSON.stringify(v) ?? '';
  }
  yield* walk(value);
  if (buffer !== '') yield buffer;
}

/**
 * Answers 200 with `value` as JSON, the bytes `res.json` would send. A large answer (the budget
 * list at 10,000 budgets is 7 MB, a full upgrade forecast 5 MB) is written in 64 kB pieces as the
 * connection (and the compressor in front of it) takes them, instead of as one string and one
 * buffer of its whole size at once, which the BFF's resident memory had to make room for.
 */
export function sendJson(
  res: Response,
  value: unknown,
  chunkChars = JSON_CHUNK_CHARS,
): Promise<void> {
  // The first two pieces synchronously: an answer that cannot be written (a BigInt, a cycle) throws
  // to the route before any header is sent, and Express answers 500 as it did with res.json.
  const chunks = jsonChunks(value, chunkChars);
  const first = chunks.next();
  const second = first.done ? first : chunks.next();
  res.type('application/json');
  if (second.done) {
    res.send(first.done ? '' : first.value);
    return Promise.resolve();
  }
  return stream(res, [first.value, second.value], chunks);
}

/** Writes the pieces as the response takes them; never rejects (a failure cuts the answer). */
async function stream(
  res: Response,
  head: readonly string[],
  rest: Generator<string>,
): Promise<void> {
  // One listener of each for the whole answer: compression moves `drain` listeners onto its
  // compressor, where `once`'s own removal (from the response) cannot reach them.
  let wake: (() => void) | undefined;
  const resume = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  res.on('drain', resume);
  res.on('close', resume);
  try {
    const pieces = (function* () {
      yield* head;
      yield* rest;
    })();
    for (const piece of pieces) {
      if (res.destroyed) return;
      // A client gone never drains: `close` wakes the wait too.
      if (!res.write(piece) && !res.destroyed)
        await new Promise<void>((resolve) => (wake = resolve));
    }
    res.end();
  } catch (error) {
    // Headers are gone: the only honest thing left is to cut the answer short.
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    res.off('close', resume);
  }
}
