import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts.js';

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script as the browser does, and leaves out scripts loaded by src', () => {
    const first = "(function () { fetch('/api/nodes'); })();";
    const html = [
      '<!doctype html><html><head>',
      `<script>${first}</script>`,
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
      '<SCRIPT type="text/javascript">\nwindow.x = 1;\n</SCRIPT>',
      '<script></script>',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toStrictEqual([sha256(first), sha256('\nwindow.x = 1;\n')]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(
      inlineScriptHashes('<html><head><script src="/prefetch.js"></script></head></html>'),
    ).toStrictEqual([]);
  });
});
