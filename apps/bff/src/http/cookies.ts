/** The value of one cookie in a `Cookie` request header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    if (pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

export interface CookieOptions {
  name: string;
  /** Must be cookie-safe already (the session ids are base64url). */
  value: string;
  path: string;
  /** 0 clears the cookie. */
  maxAgeSeconds: number;
  /** Only over https: a cookie marked Secure is not sent back over plain http. */
  secure: boolean;
}

/**
 * A `Set-Cookie` value that scripts cannot read (HttpOnly) and that the browser never sends
 * with a request started by another site (SameSite=Strict), so it cannot carry a CSRF.
 */
export function sessionCookie(options: CookieOptions): string {
  return [
    `${options.name}=${options.value}`,
    `Max-Age=${options.maxAgeSeconds}`,
    `Path=${options.path}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
