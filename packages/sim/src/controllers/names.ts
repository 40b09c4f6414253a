// k8s.io/apimachinery/pkg/util/rand: the alphabet of generated names (no vowels, no 0/1/3).
const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** FNV-1a, 32 bits: what the Deployment controller hashes a pod template with. */
function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** `rand.SafeEncodeString`: each character mapped into the safe alphabet. */
function safeEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++)
    out += SAFE_ALPHABET[text.charCodeAt(i) % SAFE_ALPHABET.length];
  return out;
}

/**
 * The `pod-template-hash` of a template (`controller.ComputeHash`): stable for equal templates,
 * different when the template changes. Key order is normalised so equal templates hash equally.
 */
export function templateHash(template: unknown): string {
  return safeEncode(String(fnv1a32(stableJson(template))));
}

export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
