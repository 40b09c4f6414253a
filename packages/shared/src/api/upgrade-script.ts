/**
 * One change of a fix as a user would make it: its title, one shell command (or a comment line
 * when it is a setting of the upgrade, not an object of the cluster) and the YAML document it
 * writes (null when it writes none).
 */
export interface ChangeStep {
  title: string;
  command: string;
  yaml: string | null;
}

const comment = (text: string): string =>
  text
    .split('\n')
    .map((line) => `# ${line}`)
    .join('\n');

/**
 * The changes as one bash script: commented, one command per change, in order; nothing runs but
 * what it says (it stops at the first command that fails).
 */
export function fixScript(steps: readonly ChangeStep[]): string {
  const head = [
    '#!/usr/bin/env bash',
    `# ${steps.length} change${steps.length === 1 ? '' : 's'} pdbscope forecast on a copy of the cluster; review before running.`,
    'set -euo pipefail',
  ];
  const body = steps.map((s, i) => `${comment(`${i + 1}. ${s.title}`)}\n${s.command}`);
  return `${[head.join('\n'), ...body].join('\n\n')}\n`;
}

/**
 * The changes as one multi-document YAML: a document per change, each commented with its title
 * and how to use it (a merge patch, or the object to delete); a change to no object is a comment.
 */
export function fixYaml(steps: readonly ChangeStep[]): string {
  return steps
    .map((s, i) => {
      const title = comment(`${i + 1}. ${s.title}`);
      return s.yaml === null ? `${title}\n` : `${title}\n${s.yaml}`;
    })
    .join('---\n');
}
