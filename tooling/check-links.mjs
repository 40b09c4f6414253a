#!/usr/bin/env node
// `pnpm links`: every relative link in the project's markdown resolves. A link to a file needs
// the file; a `#anchor` into a markdown file needs a heading with that GitHub slug (or an HTML
// id/name). Links with a scheme (https:, mailto:) are not followed: this checks the repository
// against itself, offline, in well under a second. Plain Node, no dependency, so it runs before
// anything is built.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The markdown a reader of the repository follows links through, relative to the root. */
export const CHECKED = [
  { file: 'README.md' },
  { file: 'CONTRIBUTING.md' },
  { dir: 'docs', recursive: true },
  { dir: 'packages', readmeOfEach: true },
];

/**
 * The markdown files of `root` that CHECKED names, sorted; a missing one is skipped.
 * @param {string} root
 * @returns {string[]} paths relative to root, with `/`
 */
export function markdownFiles(root) {
  const found = [];
  for (const entry of CHECKED) {
    if (entry.file !== undefined) {
      if (existsSync(path.join(root, entry.file))) found.push(entry.file);
    } else if (entry.recursive) {
      found.push(...markdownUnder(root, entry.dir));
    } else if (entry.readmeOfEach && existsSync(path.join(root, entry.dir))) {
      for (const child of readdirSync(path.join(root, entry.dir), { withFileTypes: true })) {
        const readme = `${entry.dir}/${child.name}/README.md`;
        if (child.isDirectory() && existsSync(path.join(root, readme))) found.push(readme);
      }
    }
  }
  return found.sort();
}

/** @param {string} root @param {string} dir @returns {string[]} */
function markdownUnder(root, dir) {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((child) => {
    const relative = `${dir}/${child.name}`;
    if (child.isDirectory()) return markdownUnder(root, relative);
    return child.name.toLowerCase().endsWith('.md') ? [relative] : [];
  });
}

/**
 * The text with fenced code blocks and inline code spans blanked out (newlines kept, so offsets
 * and line numbers still match): links and headings inside code are not links or headings.
 * @param {string} text
 * @returns {string}
 */
export function withoutCode(text) {
  return blankCodeSpans(withoutFences(text));
}

/**
 * The text with fenced code blocks blanked out; code spans stay (a heading's anchor reads them).
 * @param {string} text
 */
function withoutFences(text) {
  const lines = text.split('\n');
  /** @type {{ char: string, length: number } | undefined} */
  let fence;
  const kept = lines.map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const closes =
        marker?.[1] !== undefined &&
        marker[1][0] === fence.char &&
        marker[1].length >= fence.length &&
        line.trim() === marker[1];
      if (closes) fence = undefined;
      return ' '.repeat(line.length);
    }
    if (marker?.[1] !== undefined) {
      fence = { char: marker[1][0] ?? '`', length: marker[1].length };
      return ' '.repeat(line.length);
    }
    return line;
  });
  return kept.join('\n');
}

/**
 * Code spans: a run of n backticks up to the next run of exactly n, within one paragraph (a
 * span never crosses a blank line); an unmatched run is literal.
 * @param {string} text
 */
function blankCodeSpans(text) {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('`', at);
    if (open === -1) break;
    let n = open;
    while (text[n] === '`') n++;
    const run = n - open;
    const close = closingRun(text, n, run);
    if (close === undefined) {
      out += text.slice(at, n);
      at = n;
      continue;
    }
    out += text.slice(at, open) + text.slice(open, close + run).replace(/[^\n]/g, ' ');
    at = close + run;
  }
  return out + text.slice(at);
}

/** @param {string} text @param {number} from @param {number} run @returns {number | undefined} */
function closingRun(text, from, run) {
  const paragraphEnd = /\n[ \t]*\n/g;
  paragraphEnd.lastIndex = from;
  const end = paragraphEnd.exec(text)?.index ?? text.length;
  for (let i = from; i < end; i++) {
    if (text[i] !== '`') continue;
    let j = i;
    while (text[j] === '`') j++;
    if (j - i === run) return i;
    i = j - 1;
  }
  return undefined;
}

/**
 * GitHub's anchor for a heading's text (github-slugger): lower case, punctuation dropped
 * (letters, digits, `_` and `-` stay), each space a `-`.
 * @param {string} text the heading as it reads (markup already removed)
 */
export function githubSlug(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * A heading's text as GitHub renders it: code spans keep their content, links their text,
 * images and HTML tags nothing, emphasis markers go.
 * @param {string} source
 */
export function headingText(source) {
  const parts = source.split(/(`+)([\s\S]*?)\1/);
  let text = '';
  // split with two groups: [plain, ticks, code, plain, ticks, code, ..., plain]
  for (let i = 0; i < parts.length; i += 3) {
    text += plainHeadingText(parts[i] ?? '');
    if (i + 2 < parts.length) text += (parts[i + 2] ?? '').trim();
  }
  return text.trim();
}

/** @param {string} source */
function plainHeadingText(source) {
  return source
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\*+|~~/g, '')
    .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1');
}

/**
 * Every anchor a markdown file offers: its headings' slugs (a repeated slug gets `-1`, `-2`, as
 * GitHub numbers them) and explicit HTML ids and names.
 * @param {string} markdown
 * @returns {Set<string>}
 */
export function anchorsOf(markdown) {
  const lines = withoutFences(markdown).split('\n');
  /** @type {Map<string, number>} */
  const seen = new Map();
  const anchors = new Set();
  const add = (/** @type {string} */ heading) => {
    const base = githubSlug(headingText(heading));
    let slug = base;
    while (seen.has(slug)) {
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      slug = `${base}-${n}`;
    }
    seen.set(slug, 0);
    anchors.add(slug);
  };
  lines.forEach((line, i) => {
    const atx = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) {
      add(atx[1] ?? '');
      return;
    }
    const previous = lines[i - 1] ?? '';
    const beforeThat = lines[i - 2] ?? '';
    if (/^ {0,3}(=+|-+)[ \t]*$/.test(line) && isParagraphLine(previous) && beforeThat.trim() === '')
      add(previous.trim());
  });
  for (const match of withoutCode(markdown).matchAll(
    /<[a-z][^>]*\s(?:id|name)\s*=\s*["']([^"']+)["']/gi,
  ))
    anchors.add(match[1] ?? '');
  return anchors;
}

/** A line that can be a one-line paragraph (so a `---` or `===` under it makes it a heading). */
function isParagraphLine(/** @type {string} */ line) {
  return line.trim() !== '' && !/^ {0,3}([#>|]|[-*+][ \t]|\d+[.)][ \t]|<)/.test(line);
}

/**
 * Every link target in a markdown file, with its line: inline links and images, reference
 * definitions, and HTML `href`/`src` attributes; code is left out.
 * @param {string} markdown
 * @returns {{ target: string, line: number }[]}
 */
export function linksOf(markdown) {
  const text = withoutCode(markdown);
  const lineAt = (/** @type {number} */ offset) => text.slice(0, offset).split('\n').length;
  /** @type {{ target: string, line: number }[]} */
  const links = [];
  const patterns = [
    // `](target)` or `](target "title")`: inline links and images, nested ones included.
    /\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g,
    // `[label]: target`
    /^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm,
    // `<a href="target">`, `<img src="target">`
    /<[a-z][^>]*?\s(?:href|src)\s*=\s*"([^"]*)"/gi,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const raw = (match[1] ?? '').replace(/^<|>$/g, '');
      links.push({ target: raw, line: lineAt(match.index ?? 0) });
    }
  }
  return links.sort((a, b) => a.line - b.line);
}

/** A target another program resolves (a URL with a scheme, protocol-relative): not ours to check. */
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
/** GitHub's line anchors in a source file: `#L10`, `#L10-L20`. */
const LINE_ANCHOR = /^L\d+(?:C\d+)?(?:-L\d+(?:C\d+)?)?$/;

/**
 * @typedef {{ file: string, line: number, target: string, problem: string }} LinkProblem
 */

/**
 * Every link of the given files that does not resolve inside `root`.
 * @param {{ root: string, files: readonly string[] }} options files relative to root
 * @returns {{ problems: LinkProblem[], links: number }}
 */
export function checkLinks({ root, files }) {
  /** @type {Map<string, Set<string>>} */
  const anchorCache = new Map();
  const anchorsIn = (/** @type {string} */ absolute) => {
    let anchors = anchorCache.get(absolute);
    if (!anchors) anchorCache.set(absolute, (anchors = anchorsOf(readFileSync(absolute, 'utf8'))));
    return anchors;
  };
  /** @type {LinkProblem[]} */
  const problems = [];
  let count = 0;
  for (const file of files) {
    const absoluteFile = path.join(root, file);
    for (const { target, line } of linksOf(readFileSync(absoluteFile, 'utf8'))) {
      if (EXTERNAL.test(target)) continue;
      count++;
      const problem = problemOf({ root, absoluteFile, target, anchorsIn });
      if (problem !== undefined) problems.push({ file, line, target, problem });
    }
  }
  return { problems, links: count };
}

/**
 * @param {{ root: string, absoluteFile: string, target: string,
 *   anchorsIn: (absolute: string) => Set<string> }} link
 * @returns {string | undefined} why the link does not resolve
 */
function problemOf({ root, absoluteFile, target, anchorsIn }) {
  if (target === '') return 'empty link';
  const hash = target.indexOf('#');
  const pathPart = (hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
  const anchor = hash === -1 ? undefined : target.slice(hash + 1);
  let decoded;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return 'not a valid percent-encoded path';
  }
  const resolved =
    decoded === ''
      ? absoluteFile
      : decoded.startsWith('/')
        ? path.join(root, decoded)
        : path.resolve(path.dirname(absoluteFile), decoded);
  const inside = path.relative(root, resolved);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return 'points outside the repository';
  if (!existsSync(resolved)) return `no such file: ${inside}`;
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(resolved).isDirectory()) return `an anchor on a directory: #${anchor}`;
  if (!resolved.toLowerCase().endsWith('.md'))
    return LINE_ANCHOR.test(anchor) ? undefined : `an anchor on a non-markdown file: #${anchor}`;
  let wanted = anchor;
  try {
    wanted = decodeURIComponent(anchor);
  } catch {
    return `not a valid percent-encoded anchor: #${anchor}`;
  }
  return anchorsIn(resolved).has(wanted) ? undefined : `no heading #${wanted} in ${inside}`;
}

/** @param {LinkProblem} p */
export function formatProblem(p) {
  return `${p.file}:${p.line}: ${p.target}: ${p.problem}`;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const root = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const files = markdownFiles(root);
  const { problems, links } = checkLinks({ root, files });
  if (problems.length > 0) {
    for (const p of problems) process.stderr.write(`${formatProblem(p)}\n`);
    process.stderr.write(`check-links: ${problems.length} of ${links} links do not resolve\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`check-links: ${links} links in ${files.length} files resolve\n`);
  }
}
