import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { z } from 'zod';

const HttpUrlSchema = z.string().refine((text) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'not an http(s) URL');

/** `cluster: URL` pairs, as a YAML or JSON map. */
const LinksSchema = z.record(z.string().min(1), HttpUrlSchema);

/**
 * The --fleet-links file's text (YAML, or JSON, which YAML reads too): each cluster's pdbscope
 * URL by the fleet label's value. Throws one sentence naming the file and the bad entry.
 */
export function parseFleetLinks(text: string, file: string): Map<string, string> {
  let data: unknown;
  try {
    data = parse(text);
  } catch (err) {
    throw new Error(
      `--fleet-links ${file}: not YAML or JSON (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`,
    );
  }
  const parsed = LinksSchema.safeParse(data ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `"${issue.path.join('.')}"` : 'the file';
    throw new Error(
      `--fleet-links ${file}: ${where}: ${issue?.message ?? 'invalid'} (expected a map of cluster: URL)`,
    );
  }
  return new Map(Object.entries(parsed.data));
}

export async function readFleetLinks(file: string): Promise<Map<string, string>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new Error(
      `--fleet-links ${file}: cannot be read (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  return parseFleetLinks(text, file);
}
