import type { Namespace, Node } from 'kubernetes-types/core/v1';
import { objectMeta, timeBefore, type BuildContext } from './context.js';
import { ENVS, INSTANCE_TYPES, TEAMS, ZONES } from './vocabulary.js';

const DAY = 86_400;

/** Worker nodes named like EC2 hosts; about 1 % cordoned and 0.5 % NotReady. */
export function buildNodes(ctx: BuildContext, count: number): Node[] {
  const nodes: Node[] = [];
  for (let i = 0; i < count; i++) {
    const { rng } = ctx;
    const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const name = `ip-${ip.replaceAll('.', '-')}.eu-west-1.compute.internal`;
    const zone = ZONES[i % ZONES.length] ?? 'eu-west-1a';
    const instanceType = rng.pick(INSTANCE_TYPES);
    const ready = !rng.chance(0.005);
    const unschedulable = rng.chance(0.01);
    const age = rng.int(2 * DAY, 90 * DAY);
    const heartbeat = timeBefore(ctx, rng.int(1, 40));
    nodes.push({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: objectMeta(ctx, {
        name,
        ageSeconds: age,
        labels: {
          'kubernetes.io/hostname': name,
          'kubernetes.io/os': 'linux',
          'kubernetes.io/arch': 'amd64',
          'node.kubernetes.io/instance-type': instanceType,
          'topology.kubernetes.io/region': 'eu-west-1',
          'topology.kubernetes.io/zone': zone,
          'node-role.kubernetes.io/worker': '',
        },
      }),
      spec: {
        providerID: `aws:///${zone}/i-0${ctx.rng.suffix(16)}`,
        ...(unschedulable
          ? {
              unschedulable: true,
              taints: [
                {
                  key: 'node.kubernetes.io/unschedulable',
                  effect: 'NoSchedule',
                  timeAdded: heartbeat,
                },
              ],
            }
          : {}),
      },
      status: {
        conditions: [
          {
            type: 'Ready',
            status: ready ? 'True' : 'Unknown',
            reason: ready ? 'KubeletReady' : 'NodeStatusUnknown',
            message: ready
              ? 'kubelet is posting ready status'
              : 'Kubelet stopped posting node status.',
            lastHeartbeatTime: heartbeat,
            lastTransitionTime: timeBefore(ctx, age - 60),
          },
        ],
        addresses: [
          { type: 'InternalIP', address: ip },
          { type: 'Hostname', address: name },
        ],
        capacity: { cpu: '16', memory: '64961652Ki', pods: '110' },
        allocatable: { cpu: '15890m', memory: '63910004Ki', pods: '110' },
        nodeInfo: {
          architecture: 'amd64',
          bootID: ctx.rng.uuid(),
          containerRuntimeVersion: 'containerd://1.7.16',
          kernelVersion: '6.1.90-99.173.amzn2023.x86_64',
          kubeProxyVersion: 'v1.30.1',
          kubeletVersion: 'v1.30.1',
          machineID: ctx.rng.suffix(32),
          operatingSystem: 'linux',
          osImage: 'Amazon Linux 2023.4.20240528',
          systemUUID: ctx.rng.uuid(),
        },
      },
    });
  }
  return nodes;
}

export interface NamespacePlan {
  name: string;
  team: string;
  env: string;
}

/** Namespaces named `<team>-<env>`; the fixed system ones come first. */
export function planNamespaces(ctx: BuildContext, count: number): NamespacePlan[] {
  const plans: NamespacePlan[] = [];
  const used = new Set<string>();
  for (let i = 0; plans.length < count; i++) {
    const team = TEAMS[i % TEAMS.length] ?? 'platform';
    const env = ENVS[Math.floor(i / TEAMS.length) % ENVS.length] ?? 'prod';
    const round = Math.floor(i / (TEAMS.length * ENVS.length));
    const name = round === 0 ? `${team}-${env}` : `${team}-${env}-${round + 1}`;
    if (used.has(name)) continue;
    used.add(name);
    plans.push({ name, team, env });
  }
  return plans;
}

export function buildNamespaces(ctx: BuildContext, names: readonly NamespacePlan[]): Namespace[] {
  return names.map((plan) => ({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: objectMeta(ctx, {
      name: plan.name,
      ageSeconds: ctx.rng.int(30 * DAY, 400 * DAY),
      labels: {
        'kubernetes.io/metadata.name': plan.name,
        ...(plan.team === '' ? {} : { team: plan.team, env: plan.env }),
      },
    }),
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  }));
}
