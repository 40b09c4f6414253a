/** A list continuation: the list's version and the key to start after. */
export interface ContinueToken {
  rv: number;
  start: string;
}

export function encodeContinue(token: ContinueToken): string {
  return Buffer.from(
    JSON.stringify({ v: 'meta.k8s.io/v1', rv: token.rv, start: token.start }),
  ).toString('base64');
}

export function decodeContinue(text: string): ContinueToken | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Record<
      string,
      unknown
    >;
    if (typeof parsed.rv !== 'number' || typeof parsed.start !== 'string') return undefined;
    return { rv: parsed.rv, start: parsed.start };
  } catch {
    return undefined;
  }
}
