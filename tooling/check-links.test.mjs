// `node --test tooling/check-links.test.mjs` (part of `pnpm links`): the link checker on a small
// repository of fixtures with one file of dead links, and its pieces on their own.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import {
  anchorsOf,
  checkLinks,
  githubSlug,
  headingText,
  linksOf,
  markdownFiles,
} from './check-links.mjs';

const FIXTURE = fileURLToPath(new URL('./__fixtures__/links/', import.meta.url));
const CHECKER = fileURLToPath(new URL('./check-links.mjs', import.meta.url));

describe('check-links on a fixture repository', () => {
  it('reads the README, CONTRIBUTING, docs/ and each package README, nothing else', () => {
    assert.deepStrictEqual(markdownFiles(FIXTURE), [
      'README.md',
      'docs/broken.md',
      'docs/guide.md',
      'packages/demo/README.md',
    ]);
  });

  it('reports every dead link, and only those, with file, line and why', () => {
    const result = checkLinks({ root: FIXTURE, files: markdownFiles(FIXTURE) });
    assert.deepStrictEqual(result, {
      links: 20,
      problems: [
        {
          file: 'docs/broken.md',
          line: 3,
          target: 'missing.md',
          problem: 'no such file: docs/missing.md',
        },
        {
          file: 'docs/broken.md',
          line: 4,
          target: 'guide.md#nowhere',
          problem: 'no heading #nowhere in docs/guide.md',
        },
        {
          file: 'docs/broken.md',
          line: 5,
          target: '#no-such-heading',
          problem: 'no heading #no-such-heading in docs/broken.md',
        },
        {
          file: 'docs/broken.md',
          line: 6,
          target: '../../outside.md',
          problem: 'points outside the repository',
        },
        {
          file: 'docs/broken.md',
          line: 7,
          target: 'pic.svg#top',
          problem: 'an anchor on a non-markdown file: #top',
        },
        {
          file: 'docs/broken.md',
          line: 10,
          target: './gone/',
          problem: 'no such file: docs/gone',
        },
      ],
    });
  });

  it('fails the command (exit 1) and names each dead link on stderr', () => {
    const run = spawnSync(process.execPath, [CHECKER, FIXTURE], { encoding: 'utf8' });
    assert.equal(run.status, 1);
    assert.deepStrictEqual(run.stderr.trim().split('\n'), [
      'docs/broken.md:3: missing.md: no such file: docs/missing.md',
      'docs/broken.md:4: guide.md#nowhere: no heading #nowhere in docs/guide.md',
      'docs/broken.md:5: #no-such-heading: no heading #no-such-heading in docs/broken.md',
      'docs/broken.md:6: ../../outside.md: points outside the repository',
      'docs/broken.md:7: pic.svg#top: an anchor on a non-markdown file: #top',
      'docs/broken.md:10: ./gone/: no such file: docs/gone',
      'check-links: 6 of 20 links do not resolve',
    ]);
  });

  it('reports nothing when every link of the files resolves', () => {
    const result = checkLinks({
      root: FIXTURE,
      files: ['README.md', 'docs/guide.md', 'packages/demo/README.md'],
    });
    assert.deepStrictEqual(result, { links: 13, problems: [] });
  });
});

describe('GitHub heading anchors', () => {
  it('slugs as GitHub does: lower case, punctuation dropped, spaces to hyphens', () => {
    assert.deepStrictEqual(
      [
        'Quick start',
        '4.1 One sync (sync → trySync)',
        'PDB vs PUB: at a glance',
        'pub_create_update_handler.go',
        'Über die Größe',
      ].map(githubSlug),
      [
        'quick-start',
        '41-one-sync-sync--trysync',
        'pdb-vs-pub-at-a-glance',
        'pub_create_update_handlergo',
        'über-die-größe',
      ],
    );
  });

  it("reads a heading's text as rendered: code kept, links to their text, emphasis gone", () => {
    assert.deepStrictEqual(
      [
        'Step `A` — **the** [drain](drain.md)',
        '_Emphasis_ and snake_case',
        'With ![an icon](icon.svg) <sup>1</sup>',
      ].map(headingText),
      ['Step A — the drain', 'Emphasis and snake_case', 'With  1'],
    );
  });

  it('numbers repeated headings, skips code, and takes setext headings and HTML ids', () => {
    const markdown = [
      '# Title',
      '## Install',
      '## Install',
      '```sh',
      '# not a heading',
      '```',
      '',
      'Setext heading',
      '--------------',
      '',
      '<a id="custom-anchor"></a>',
      '',
      '- a list item',
      '---',
    ].join('\n');
    assert.deepStrictEqual(
      [...anchorsOf(markdown)],
      ['title', 'install', 'install-1', 'setext-heading', 'custom-anchor'],
    );
  });
});

describe('link targets', () => {
  it('finds inline links, images, nested ones, titles, references and HTML, not code', () => {
    const markdown = [
      'See [a](a.md) and ![b](b.png "title").',
      '[![badge](c.svg)](d.md#x) and `[code](no.md)`',
      '<img src="e.png" alt="e"> [wrapped',
      'text](f.md)',
      '',
      '[ref]: <g h.md>',
      '~~~',
      '[fenced](no.md)',
      '~~~',
    ].join('\n');
    assert.deepStrictEqual(linksOf(markdown), [
      { target: 'a.md', line: 1 },
      { target: 'b.png', line: 1 },
      { target: 'c.svg', line: 2 },
      { target: 'd.md#x', line: 2 },
      { target: 'e.png', line: 3 },
      { target: 'f.md', line: 4 },
      { target: 'g h.md', line: 6 },
    ]);
  });
});
