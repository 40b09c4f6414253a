import { ServerEventSchema, type ServerEvent } from '../api/index.js';

/** Reads the `data:` of one SSE message; undefined when it is not a ServerEvent (never throws). */
export function parseServerEvent(data: string): ServerEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = ServerEventSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
