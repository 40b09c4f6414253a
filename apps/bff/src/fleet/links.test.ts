import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFleetLinks, readFleetLinks } from './links.js';

describe('--fleet-links', () => {
  it('reads a YAML or a JSON map of cluster to URL', () => {
    const yaml = parseFleetLinks(
      [
        '# each cluster: its pdbscope',
        'eu-1: https://pdbscope.eu-1.example.com/',
        '"us 1": http://10.0.0.7:7070',
      ].join('\n'),
      'links.yaml',
    );
    const json = parseFleetLinks('{"eu-1": "https://pdbscope.eu-1.example.com/"}', 'links.json');
    expect([[...yaml], [...json], [...parseFleetLinks('', 'empty.yaml')]]).toStrictEqual([
      [
        ['eu-1', 'https://pdbscope.eu-1.example.com/'],
        ['us 1', 'http://10.0.0.7:7070'],
      ],
      [['eu-1', 'https://pdbscope.eu-1.example.com/']],
      [],
    ]);
  });

  it('names the file and the entry that is wrong', () => {
    expect(() => parseFleetLinks('eu-1: ftp://files.example.com/', 'links.yaml')).toThrow(
      '--fleet-links links.yaml: "eu-1": not an http(s) URL (expected a map of cluster: URL)',
    );
    expect(() => parseFleetLinks('- eu-1\n- us-1\n', 'links.yaml')).toThrow(
      /^--fleet-links links.yaml: the file: .* \(expected a map of cluster: URL\)$/,
    );
    expect(() => parseFleetLinks('eu-1: [', 'links.yaml')).toThrow(
      /^--fleet-links links.yaml: not YAML or JSON \(/,
    );
  });

  it('reads the file, or says it cannot', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pdbscope-links-'));
    try {
      const file = path.join(dir, 'links.yaml');
      await writeFile(file, 'eu-1: https://pdbscope.eu-1.example.com/\n');
      expect([...(await readFleetLinks(file))]).toStrictEqual([
        ['eu-1', 'https://pdbscope.eu-1.example.com/'],
      ]);
      await expect(readFleetLinks(path.join(dir, 'nope.yaml'))).rejects.toThrow(
        `--fleet-links ${path.join(dir, 'nope.yaml')}: cannot be read (ENOENT`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
