import { describe, expect, it } from 'vitest';
import { fleetSettings } from './settings.js';

describe('fleetSettings', () => {
  it('takes the flags, else the environment', async () => {
    expect(
      await fleetSettings(
        { fleetPrometheus: 'http://thanos-query:9090/', fleetLabel: 'k8s_cluster' },
        {
          PDBSCOPE_FLEET_PROMETHEUS: 'http://ignored:9090',
          PDBSCOPE_FLEET_LABEL: 'ignored',
          PDBSCOPE_PUBLIC_URL: 'https://pdbscope.eu-1.example.com',
        },
      ),
    ).toStrictEqual({
      fleet: { prometheus: 'http://thanos-query:9090/', label: 'k8s_cluster' },
      publicUrl: 'https://pdbscope.eu-1.example.com/',
    });
    expect(
      await fleetSettings({}, { PDBSCOPE_FLEET_PROMETHEUS: 'http://prometheus:9090' }),
    ).toStrictEqual({
      fleet: { prometheus: 'http://prometheus:9090/' },
    });
    expect(await fleetSettings({}, {})).toStrictEqual({});
  });

  it('refuses a bad URL and fleet flags without a Prometheus', async () => {
    await expect(
      fleetSettings({}, { PDBSCOPE_PUBLIC_URL: 'pdbscope.example.com' }),
    ).rejects.toThrow('PDBSCOPE_PUBLIC_URL: not an http(s) URL: pdbscope.example.com');
    await expect(fleetSettings({ fleetLinks: 'links.yaml' }, {})).rejects.toThrow(
      '--fleet-label and --fleet-links need --fleet-prometheus',
    );
  });
});
