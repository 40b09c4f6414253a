// bench:bff, the BFF's memory after every view's API answers (issue 11): what the overview, a
// budget's detail, Overlaps (with its largest group's pairs), Findings, Nodes and a node's page ask
// for, each once, in the order a user opening every view would; the upgrade forecast is measured
// just before (bench/bff.bench.ts). Resident memory is read from /proc, sampled every 20 ms.

interface Visit {
  path: string;
  bytes: number;
  status: number;
}

/** Resident memory of a process, from /proc (kB). */
export type ResidentOf = (pid: number) => number;

async function visit(url: string, path: string): Promise<Visit> {
  const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(300_000) });
  const body = await response.text();
  return { path, bytes: body.length, status: response.status };
}

/**
 * Visits every view's answers and returns the peak while doing so and the resident memory 2 s
 * after the last (the answers are gone by then, what stays is what the BFF keeps).
 */
export async function viewsMemory(input: {
  url: string;
  pid: number;
  residentOf: ResidentOf;
  /** Called after each view's answers, with the view's name (e.g. to read the BFF's heap). */
  visited?: (view: string) => Promise<void>;
}): Promise<{ visits: Visit[]; before: number; peak: number; after: number }> {
  const { url, pid, residentOf } = input;
  const visited = input.visited ?? (() => Promise.resolve());
  const before = residentOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentOf(pid));
  }, 20);
  const visits: Visit[] = [];
  try {
    const list = await visit(url, '/api/budgets');
    visits.push(list);
    const budgets = (
      (await (await fetch(`${url}/api/budgets`)).json()) as {
        items: { kind: string; namespace: string; name: string; matchedPods: number }[];
      }
    ).items;
    const biggest = [...budgets].sort((a, b) => b.matchedPods - a.matchedPods)[0];
    await visited('the overview');
    if (biggest)
      visits.push(
        await visit(
          url,
          `/api/budgets/${biggest.kind}/${biggest.namespace}/${encodeURIComponent(biggest.name)}`,
        ),
      );
    await visited("the largest budget's detail");
    visits.push(await visit(url, '/api/overlaps'));
    const groups = (
      (await (await fetch(`${url}/api/overlaps`)).json()) as {
        items: { id: string; budgetCount: number }[];
      }
    ).items;
    const group = [...groups].sort((a, b) => b.budgetCount - a.budgetCount)[0];
    if (group) visits.push(await visit(url, `/api/overlaps/${encodeURIComponent(group.id)}/pairs`));
    await visited('Overlaps');
    visits.push(await visit(url, '/api/findings'));
    await visited('Findings');
    visits.push(await visit(url, '/api/nodes'));
    const nodes = (
      (await (await fetch(`${url}/api/nodes`)).json()) as { items: { name: string }[] }
    ).items;
    const node = nodes[0];
    if (node) visits.push(await visit(url, `/api/nodes/${encodeURIComponent(node.name)}`));
    await visited("Nodes and a node's page");
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { visits, before, peak, after: residentOf(pid) };
  } finally {
    clearInterval(sampler);
  }
}
