import path from 'node:path';
import { parseHttpUrl, type CliFlags } from '../cli.js';
import type { Env } from '../env.js';
import type { StartBffOptions } from '../server.js';
import { readFleetLinks } from './links.js';

/**
 * The fleet's and --public-url's settings from the flags, else the environment: what startBff
 * takes. Throws one sentence on a bad URL, an unreadable links file, or fleet flags without
 * --fleet-prometheus.
 */
export async function fleetSettings(
  flags: Pick<CliFlags, 'fleetPrometheus' | 'fleetLabel' | 'fleetLinks' | 'publicUrl'>,
  env: Pick<
    Env,
    | 'PDBSCOPE_FLEET_PROMETHEUS'
    | 'PDBSCOPE_FLEET_LABEL'
    | 'PDBSCOPE_FLEET_LINKS'
    | 'PDBSCOPE_PUBLIC_URL'
  >,
): Promise<Pick<StartBffOptions, 'fleet' | 'publicUrl'>> {
  const prometheus =
    flags.fleetPrometheus ??
    (env.PDBSCOPE_FLEET_PROMETHEUS === undefined
      ? undefined
      : parseHttpUrl('PDBSCOPE_FLEET_PROMETHEUS', env.PDBSCOPE_FLEET_PROMETHEUS));
  const label = flags.fleetLabel ?? env.PDBSCOPE_FLEET_LABEL;
  const linksFile = flags.fleetLinks ?? env.PDBSCOPE_FLEET_LINKS;
  const publicUrl =
    flags.publicUrl ??
    (env.PDBSCOPE_PUBLIC_URL === undefined
      ? undefined
      : parseHttpUrl('PDBSCOPE_PUBLIC_URL', env.PDBSCOPE_PUBLIC_URL));
  if (prometheus === undefined && (label !== undefined || linksFile !== undefined))
    throw new Error('--fleet-label and --fleet-links need --fleet-prometheus');
  const links = linksFile === undefined ? undefined : await readFleetLinks(path.resolve(linksFile));
  return {
    ...(prometheus !== undefined
      ? {
          fleet: {
            prometheus,
            ...(label !== undefined ? { label } : {}),
            ...(links ? { links } : {}),
          },
        }
      : {}),
    ...(publicUrl !== undefined ? { publicUrl } : {}),
  };
}
