import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PrometheusServer {
  url: string;
  /** An instant query's vector, as [labels, value] pairs. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: number }[]>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A scrape target (host:port) and the target labels it gets (e.g. `{ cluster: 'eu-1' }`). */
export interface ScrapeTarget {
  target: string;
  labels?: Record<string, string>;
}

/**
 * Debian's /usr/bin/prometheus on a free loopback port, scraping `target` (host:port), or each of
 * `targets` with its labels (as a fleet's Prometheus relabels each cluster's), every second,
 * with its storage in a temporary directory removed by stop().
 */
export async function startPrometheus(
  input: ({ target: string } | { targets: readonly ScrapeTarget[] }) & { bearerToken?: string },
): Promise<PrometheusServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdbscope-prometheus-'));
  const port = await freePort();
  const targets = 'targets' in input ? input.targets : [{ target: input.target }];
  const config = [
    'global: { scrape_interval: 1s, evaluation_interval: 1s }',
    'scrape_configs:',
    '  - job_name: pdbscope',
    '    static_configs:',
    ...targets.map(
      (t) => `      - { targets: ['${t.target}'], labels: ${JSON.stringify(t.labels ?? {})} }`,
    ),
    ...(input.bearerToken ? [`    authorization: { credentials: '${input.bearerToken}' }`] : []),
  ].join('\n');
  await writeFile(path.join(dir, 'prometheus.yml'), config);
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`prometheus exited: ${stderr}`);
    }
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus did not become ready: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    query: async (promql) => {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await res.json()) as {
        status: string;
        error?: string;
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== 'success') throw new Error(`PromQL ${promql}: ${body.error ?? ''}`);
      return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    },
    stop,
  };
}
