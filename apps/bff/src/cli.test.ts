import { describe, expect, it } from 'vitest';
import { parseCli } from './cli.js';

describe('parseCli', () => {
  it('reads every flag', () => {
    expect(
      parseCli([
        '--context',
        'prod',
        '--namespace',
        'data, query',
        '--allow-dry-run-verify',
        '--host',
        '0.0.0.0',
        '--port',
        '8080',
        '--token',
        't'.repeat(20),
      ]),
    ).toStrictEqual({
      context: 'prod',
      namespaces: ['data', 'query'],
      sim: false,
      allowDryRunVerify: true,
      host: '0.0.0.0',
      port: 8080,
      token: 't'.repeat(20),
      metricsPublic: false,
      help: false,
    });
    expect(parseCli([])).toStrictEqual({
      sim: false,
      allowDryRunVerify: false,
      metricsPublic: false,
      help: false,
    });
    expect(parseCli(['--metrics-public']).metricsPublic).toBe(true);
    expect(parseCli(['--history-window', '90m']).historyWindowMs).toBe(90 * 60_000);
    expect(parseCli(['--history-window', '3d']).historyWindowMs).toBe(3 * 86_400_000);
    expect(parseCli(['--prometheus', 'http://prometheus.monitoring:9090']).prometheusUrl).toBe(
      'http://prometheus.monitoring:9090/',
    );
    expect(
      parseCli([
        '--fleet-prometheus',
        'http://thanos-query.monitoring:9090',
        '--fleet-label',
        'k8s_cluster',
        '--fleet-links',
        'links.yaml',
        '--public-url',
        'https://pdbscope.eu-1.example.com',
      ]),
    ).toStrictEqual({
      sim: false,
      allowDryRunVerify: false,
      metricsPublic: false,
      fleetPrometheus: 'http://thanos-query.monitoring:9090/',
      fleetLabel: 'k8s_cluster',
      fleetLinks: 'links.yaml',
      publicUrl: 'https://pdbscope.eu-1.example.com/',
      help: false,
    });
    expect(parseCli(['--stale-after', '2m']).staleAfterMs).toBe(120_000);
    expect(parseCli(['--wedged-after', '30s']).wedgedAfterMs).toBe(30_000);
  });

  it('refuses unknown flags, bad ports, short tokens and --sim with --snapshot', () => {
    expect(() => parseCli(['--frobnicate'])).toThrow(/Unknown option '--frobnicate'/);
    expect(() => parseCli(['--token', 't'.repeat(15)])).toThrow(
      '--token: must be at least 16 characters',
    );
    expect(() => parseCli(['--port', 'http'])).toThrow('--port: not a port: http');
    expect(() => parseCli(['--wedged-after', '10'])).toThrow(
      '--wedged-after: not a duration (e.g. 90m, 24h, 3d): 10',
    );
    expect(() => parseCli(['--prometheus', 'prometheus:9090'])).toThrow(
      '--prometheus: not an http(s) URL: prometheus:9090',
    );
    expect(() => parseCli(['--fleet-prometheus', 'thanos:9090'])).toThrow(
      '--fleet-prometheus: not an http(s) URL: thanos:9090',
    );
    expect(() => parseCli(['--history-window', '0h'])).toThrow(
      '--history-window: not a duration (e.g. 90m, 24h, 3d): 0h',
    );
    expect(() => parseCli(['--history-window', 'a day'])).toThrow(
      '--history-window: not a duration (e.g. 90m, 24h, 3d): a day',
    );
    expect(() => parseCli(['--sim', '--snapshot', 'x.yaml'])).toThrow(
      '--sim and --snapshot exclude each other',
    );
  });
});
