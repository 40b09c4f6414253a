import { createHash } from 'node:crypto';

/** An inline `<script>…</script>` (no `src`), its text captured. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) that allow exactly the inline scripts of
 * `html`, and nothing else inline: the web app's index.html asks for its first answer from one
 * (apps/web/first-answer), before its own scripts load.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((text) => text.trim() !== '')
    .map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}
