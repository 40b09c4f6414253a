/**
 * `resource.Quantity` as the API writes it (`100m`, `1.5`, `128Mi`, `1e3`, `2G`), in base units.
 * Undefined when the text is not a quantity.
 */
export function parseQuantity(text: string): number | undefined {
  const m =
    /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E))?$/.exec(
      text.trim(),
    );
  if (!m) return undefined;
  const base = Number(m[1]);
  if (m[2] !== undefined) return base * 10 ** Number(m[2].slice(1));
  return base * (SUFFIX[m[3] ?? ''] ?? 1);
}

const SUFFIX: Record<string, number> = {
  '': 1,
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** CPU in millicores, rounded up as the API server does (`0.1` → 100, `1m` → 1). */
export function cpuMilli(value: unknown): number | undefined {
  const q = quantityOf(value);
  return q === undefined ? undefined : Math.ceil(Math.round(q * 1e9) / 1e6);
}

/** Memory (or any count) in whole units, rounded up. */
export function wholeUnits(value: unknown): number | undefined {
  const q = quantityOf(value);
  return q === undefined ? undefined : Math.ceil(q);
}

function quantityOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return typeof value === 'string' ? parseQuantity(value) : undefined;
}
