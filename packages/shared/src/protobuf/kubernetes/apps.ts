// k8s.io/api v0.36.3: apps/v1, policy/v1, policy/v1beta1 and scheduling/v1 generated.proto
// (field numbers) and types.go (omitempty).

import { KEEP, bool, int, intOrString, list, map, message, obj, str, time } from '../schema.js';
import { POD_TEMPLATE_SPEC } from './core.js';
import { CONDITION, LABEL_SELECTOR, kind } from './meta.js';

const workloadCondition = (name: string, lastTransitionTime: number) =>
  message(name, {
    type: str(1, KEEP),
    status: str(2, KEEP),
    reason: str(4),
    message: str(5),
    lastTransitionTime: time(lastTransitionTime),
    ...(name === 'DeploymentCondition' ? { lastUpdateTime: time(6) } : {}),
  });

export const DEPLOYMENT = kind('Deployment', {
  spec: obj(
    2,
    message('DeploymentSpec', {
      replicas: int(1, KEEP),
      selector: obj(2, LABEL_SELECTOR),
      template: obj(3, POD_TEMPLATE_SPEC),
      strategy: obj(
        4,
        message('DeploymentStrategy', {
          type: str(1),
          rollingUpdate: obj(
            2,
            message('RollingUpdateDeployment', {
              maxUnavailable: intOrString(1),
              maxSurge: intOrString(2),
            }),
          ),
        }),
      ),
      minReadySeconds: int(5),
      revisionHistoryLimit: int(6, KEEP),
      paused: bool(7),
      progressDeadlineSeconds: int(9, KEEP),
    }),
  ),
  status: obj(
    3,
    message('DeploymentStatus', {
      observedGeneration: int(1),
      replicas: int(2),
      updatedReplicas: int(3),
      availableReplicas: int(4),
      unavailableReplicas: int(5),
      conditions: list(6, workloadCondition('DeploymentCondition', 7)),
      readyReplicas: int(7),
      collisionCount: int(8, KEEP),
      terminatingReplicas: int(9, KEEP),
    }),
  ),
});

export const REPLICA_SET = kind('ReplicaSet', {
  spec: obj(
    2,
    message('ReplicaSetSpec', {
      replicas: int(1, KEEP),
      selector: obj(2, LABEL_SELECTOR),
      template: obj(3, POD_TEMPLATE_SPEC),
      minReadySeconds: int(4),
    }),
  ),
  status: obj(
    3,
    message('ReplicaSetStatus', {
      replicas: int(1, KEEP),
      fullyLabeledReplicas: int(2),
      observedGeneration: int(3),
      readyReplicas: int(4),
      availableReplicas: int(5),
      conditions: list(6, workloadCondition('ReplicaSetCondition', 3)),
      terminatingReplicas: int(7, KEEP),
    }),
  ),
});

export const STATEFUL_SET = kind('StatefulSet', {
  spec: obj(
    2,
    message('StatefulSetSpec', {
      replicas: int(1, KEEP),
      selector: obj(2, LABEL_SELECTOR),
      template: obj(3, POD_TEMPLATE_SPEC),
      serviceName: str(5),
      podManagementPolicy: str(6),
      updateStrategy: obj(
        7,
        message('StatefulSetUpdateStrategy', {
          type: str(1),
          rollingUpdate: obj(
            2,
            message('RollingUpdateStatefulSetStrategy', {
              partition: int(1, KEEP),
              maxUnavailable: intOrString(2),
            }),
          ),
        }),
      ),
      revisionHistoryLimit: int(8, KEEP),
      minReadySeconds: int(9),
      persistentVolumeClaimRetentionPolicy: obj(
        10,
        message('StatefulSetPersistentVolumeClaimRetentionPolicy', {
          whenDeleted: str(1),
          whenScaled: str(2),
        }),
      ),
      ordinals: obj(11, message('StatefulSetOrdinals', { start: int(1, KEEP) })),
    }),
  ),
  status: obj(
    3,
    message('StatefulSetStatus', {
      observedGeneration: int(1),
      replicas: int(2, KEEP),
      readyReplicas: int(3),
      currentReplicas: int(4),
      updatedReplicas: int(5),
      currentRevision: str(6),
      updateRevision: str(7),
      collisionCount: int(9, KEEP),
      conditions: list(10, workloadCondition('StatefulSetCondition', 3)),
      availableReplicas: int(11, KEEP),
    }),
  ),
});

/** policy/v1 and policy/v1beta1 share the message (v1beta1's empty selector means another thing). */
export const POD_DISRUPTION_BUDGET = kind('PodDisruptionBudget', {
  spec: obj(
    2,
    message('PodDisruptionBudgetSpec', {
      minAvailable: intOrString(1),
      selector: obj(2, LABEL_SELECTOR),
      maxUnavailable: intOrString(3),
      unhealthyPodEvictionPolicy: str(4, KEEP),
    }),
  ),
  status: obj(
    3,
    message('PodDisruptionBudgetStatus', {
      observedGeneration: int(1),
      disruptedPods: map(2, 'time'),
      disruptionsAllowed: int(3, KEEP),
      currentHealthy: int(4, KEEP),
      desiredHealthy: int(5, KEEP),
      expectedPods: int(6, KEEP),
      conditions: list(7, CONDITION),
    }),
  ),
});

export const PRIORITY_CLASS = kind('PriorityClass', {
  value: int(2, KEEP),
  globalDefault: bool(3),
  description: str(4),
  preemptionPolicy: str(5, KEEP),
});
