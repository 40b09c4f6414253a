// k8s.io/api v0.36.3: core/v1/generated.proto (field numbers) and core/v1/types.go (omitempty).
// The pod spec is described as far as manifests commonly go; a field outside the table makes
// the simulator answer that object in JSON rather than drop it.

import {
  KEEP,
  bool,
  inline,
  int,
  intOrString,
  list,
  map,
  message,
  microTime,
  obj,
  quantity,
  str,
  strings,
  time,
} from '../schema.js';
import { LABEL_SELECTOR, kind, listOf } from './meta.js';

const LOCAL_REF = message('LocalObjectReference', { name: str(1) });
const KEY_TO_PATH = message('KeyToPath', {
  key: str(1, KEEP),
  path: str(2, KEEP),
  mode: int(3, KEEP),
});
const FIELD_REF = message('ObjectFieldSelector', { apiVersion: str(1), fieldPath: str(2, KEEP) });
const RESOURCE_REF = message('ResourceFieldSelector', {
  containerName: str(1),
  resource: str(2, KEEP),
  divisor: quantity(3),
});
const KEY_REF = (name: string) =>
  message(name, { ...{ ref: inline(1, LOCAL_REF) }, key: str(2, KEEP), optional: bool(3, KEEP) });

const ENV_VAR = message('EnvVar', {
  name: str(1, KEEP),
  value: str(2),
  valueFrom: obj(
    3,
    message('EnvVarSource', {
      fieldRef: obj(1, FIELD_REF),
      resourceFieldRef: obj(2, RESOURCE_REF),
      configMapKeyRef: obj(3, KEY_REF('ConfigMapKeySelector')),
      secretKeyRef: obj(4, KEY_REF('SecretKeySelector')),
    }),
  ),
});
const ENV_FROM = message('EnvFromSource', {
  prefix: str(1),
  configMapRef: obj(
    2,
    message('ConfigMapEnvSource', { ref: inline(1, LOCAL_REF), optional: bool(2, KEEP) }),
  ),
  secretRef: obj(
    3,
    message('SecretEnvSource', { ref: inline(1, LOCAL_REF), optional: bool(2, KEEP) }),
  ),
});

const RESOURCES = message('ResourceRequirements', {
  limits: map(1, 'quantity'),
  requests: map(2, 'quantity'),
});

const HANDLER_FIELDS = {
  exec: obj(1, message('ExecAction', { command: strings(1) })),
  httpGet: obj(
    2,
    message('HTTPGetAction', {
      path: str(1),
      port: intOrString(2),
      host: str(3),
      scheme: str(4),
      httpHeaders: list(5, message('HTTPHeader', { name: str(1, KEEP), value: str(2, KEEP) })),
    }),
  ),
  tcpSocket: obj(3, message('TCPSocketAction', { port: intOrString(1), host: str(2) })),
  grpc: obj(4, message('GRPCAction', { port: int(1, KEEP), service: str(2, KEEP) })),
};
const PROBE = message('Probe', {
  handler: inline(1, message('ProbeHandler', HANDLER_FIELDS)),
  initialDelaySeconds: int(2),
  timeoutSeconds: int(3),
  periodSeconds: int(4),
  successThreshold: int(5),
  failureThreshold: int(6),
  terminationGracePeriodSeconds: int(7, KEEP),
});
const LIFECYCLE_HANDLER = message('LifecycleHandler', {
  exec: HANDLER_FIELDS.exec,
  httpGet: HANDLER_FIELDS.httpGet,
  tcpSocket: obj(3, message('TCPSocketAction', { port: intOrString(1), host: str(2) })),
  sleep: obj(4, message('SleepAction', { seconds: int(1, KEEP) })),
});

const SE_LINUX = message('SELinuxOptions', {
  user: str(1),
  role: str(2),
  type: str(3),
  level: str(4),
});
const SECCOMP = message('SeccompProfile', { type: str(1, KEEP), localhostProfile: str(2, KEEP) });
const SECURITY_CONTEXT = message('SecurityContext', {
  capabilities: obj(1, message('Capabilities', { add: strings(1), drop: strings(2) })),
  privileged: bool(2, KEEP),
  seLinuxOptions: obj(3, SE_LINUX),
  runAsUser: int(4, KEEP),
  runAsNonRoot: bool(5, KEEP),
  readOnlyRootFilesystem: bool(6, KEEP),
  allowPrivilegeEscalation: bool(7, KEEP),
  runAsGroup: int(8, KEEP),
  procMount: str(9, KEEP),
  seccompProfile: obj(11, SECCOMP),
});

const CONTAINER = message('Container', {
  name: str(1, KEEP),
  image: str(2),
  command: strings(3),
  args: strings(4),
  workingDir: str(5),
  ports: list(
    6,
    message('ContainerPort', {
      name: str(1),
      hostPort: int(2),
      containerPort: int(3, KEEP),
      protocol: str(4),
      hostIP: str(5),
    }),
  ),
  env: list(7, ENV_VAR),
  resources: obj(8, RESOURCES),
  volumeMounts: list(
    9,
    message('VolumeMount', {
      name: str(1, KEEP),
      readOnly: bool(2),
      mountPath: str(3, KEEP),
      subPath: str(4),
      mountPropagation: str(5, KEEP),
      subPathExpr: str(6),
    }),
  ),
  livenessProbe: obj(10, PROBE),
  readinessProbe: obj(11, PROBE),
  lifecycle: obj(
    12,
    message('Lifecycle', {
      postStart: obj(1, LIFECYCLE_HANDLER),
      preStop: obj(2, LIFECYCLE_HANDLER),
    }),
  ),
  terminationMessagePath: str(13),
  imagePullPolicy: str(14),
  securityContext: obj(15, SECURITY_CONTEXT),
  stdin: bool(16),
  stdinOnce: bool(17),
  tty: bool(18),
  envFrom: list(19, ENV_FROM),
  terminationMessagePolicy: str(20),
  startupProbe: obj(22, PROBE),
  restartPolicy: str(24, KEEP),
});

const VOLUME_SOURCE = message('VolumeSource', {
  hostPath: obj(1, message('HostPathVolumeSource', { path: str(1, KEEP), type: str(2, KEEP) })),
  emptyDir: obj(2, message('EmptyDirVolumeSource', { medium: str(1), sizeLimit: quantity(2) })),
  secret: obj(
    6,
    message('SecretVolumeSource', {
      secretName: str(1),
      items: list(2, KEY_TO_PATH),
      defaultMode: int(3, KEEP),
      optional: bool(4, KEEP),
    }),
  ),
  persistentVolumeClaim: obj(
    10,
    message('PersistentVolumeClaimVolumeSource', { claimName: str(1, KEEP), readOnly: bool(2) }),
  ),
  downwardAPI: obj(
    16,
    message('DownwardAPIVolumeSource', {
      items: list(
        1,
        message('DownwardAPIVolumeFile', {
          path: str(1, KEEP),
          fieldRef: obj(2, FIELD_REF),
          resourceFieldRef: obj(3, RESOURCE_REF),
          mode: int(4, KEEP),
        }),
      ),
      defaultMode: int(2, KEEP),
    }),
  ),
  configMap: obj(
    19,
    message('ConfigMapVolumeSource', {
      ref: inline(1, LOCAL_REF),
      items: list(2, KEY_TO_PATH),
      defaultMode: int(3, KEEP),
      optional: bool(4, KEEP),
    }),
  ),
  projected: obj(
    26,
    message('ProjectedVolumeSource', {
      sources: list(
        1,
        message('VolumeProjection', {
          secret: obj(
            1,
            message('SecretProjection', {
              ref: inline(1, LOCAL_REF),
              items: list(2, KEY_TO_PATH),
              optional: bool(4, KEEP),
            }),
          ),
          configMap: obj(
            3,
            message('ConfigMapProjection', {
              ref: inline(1, LOCAL_REF),
              items: list(2, KEY_TO_PATH),
              optional: bool(4, KEEP),
            }),
          ),
          serviceAccountToken: obj(
            4,
            message('ServiceAccountTokenProjection', {
              audience: str(1),
              expirationSeconds: int(2, KEEP),
              path: str(3, KEEP),
            }),
          ),
        }),
      ),
      defaultMode: int(2, KEEP),
    }),
  ),
});

const NODE_SELECTOR_REQUIREMENT = message('NodeSelectorRequirement', {
  key: str(1, KEEP),
  operator: str(2, KEEP),
  values: strings(3),
});
const NODE_SELECTOR_TERM = message('NodeSelectorTerm', {
  matchExpressions: list(1, NODE_SELECTOR_REQUIREMENT),
  matchFields: list(2, NODE_SELECTOR_REQUIREMENT),
});
const POD_AFFINITY_TERM = message('PodAffinityTerm', {
  labelSelector: obj(1, LABEL_SELECTOR),
  namespaces: strings(2),
  topologyKey: str(3, KEEP),
  namespaceSelector: obj(4, LABEL_SELECTOR),
  matchLabelKeys: strings(5),
  mismatchLabelKeys: strings(6),
});
const POD_AFFINITIES = (name: string) =>
  message(name, {
    requiredDuringSchedulingIgnoredDuringExecution: list(1, POD_AFFINITY_TERM),
    preferredDuringSchedulingIgnoredDuringExecution: list(
      2,
      message('WeightedPodAffinityTerm', {
        weight: int(1, KEEP),
        podAffinityTerm: obj(2, POD_AFFINITY_TERM),
      }),
    ),
  });
const AFFINITY = message('Affinity', {
  nodeAffinity: obj(
    1,
    message('NodeAffinity', {
      requiredDuringSchedulingIgnoredDuringExecution: obj(
        1,
        message('NodeSelector', { nodeSelectorTerms: list(1, NODE_SELECTOR_TERM) }),
      ),
      preferredDuringSchedulingIgnoredDuringExecution: list(
        2,
        message('PreferredSchedulingTerm', {
          weight: int(1, KEEP),
          preference: obj(2, NODE_SELECTOR_TERM),
        }),
      ),
    }),
  ),
  podAffinity: obj(2, POD_AFFINITIES('PodAffinity')),
  podAntiAffinity: obj(3, POD_AFFINITIES('PodAntiAffinity')),
});

export const TOLERATION = message('Toleration', {
  key: str(1),
  operator: str(2),
  value: str(3),
  effect: str(4),
  tolerationSeconds: int(5, KEEP),
});

export const POD_SPEC = message('PodSpec', {
  volumes: list(1, message('Volume', { name: str(1, KEEP), source: inline(2, VOLUME_SOURCE) })),
  containers: list(2, CONTAINER),
  restartPolicy: str(3),
  terminationGracePeriodSeconds: int(4, KEEP),
  activeDeadlineSeconds: int(5, KEEP),
  dnsPolicy: str(6),
  nodeSelector: map(7),
  serviceAccountName: str(8),
  serviceAccount: str(9),
  nodeName: str(10),
  hostNetwork: bool(11),
  hostPID: bool(12),
  hostIPC: bool(13),
  securityContext: obj(
    14,
    message('PodSecurityContext', {
      seLinuxOptions: obj(1, SE_LINUX),
      runAsUser: int(2, KEEP),
      runAsNonRoot: bool(3, KEEP),
      supplementalGroups: { no: 4, type: 'int', repeated: true },
      fsGroup: int(5, KEEP),
      runAsGroup: int(6, KEEP),
      fsGroupChangePolicy: str(9, KEEP),
      seccompProfile: obj(10, SECCOMP),
    }),
  ),
  imagePullSecrets: list(15, LOCAL_REF),
  hostname: str(16),
  subdomain: str(17),
  affinity: obj(18, AFFINITY),
  schedulerName: str(19),
  initContainers: list(20, CONTAINER),
  automountServiceAccountToken: bool(21, KEEP),
  tolerations: list(22, TOLERATION),
  priorityClassName: str(24),
  priority: int(25, KEEP),
  readinessGates: list(28, message('PodReadinessGate', { conditionType: str(1, KEEP) })),
  runtimeClassName: str(29, KEEP),
  enableServiceLinks: bool(30, KEEP),
  preemptionPolicy: str(31, KEEP),
  overhead: map(32, 'quantity'),
  topologySpreadConstraints: list(
    33,
    message('TopologySpreadConstraint', {
      maxSkew: int(1, KEEP),
      topologyKey: str(2, KEEP),
      whenUnsatisfiable: str(3, KEEP),
      labelSelector: obj(4, LABEL_SELECTOR),
      minDomains: int(5, KEEP),
      nodeAffinityPolicy: str(6, KEEP),
      nodeTaintsPolicy: str(7, KEEP),
      matchLabelKeys: strings(8),
    }),
  ),
  setHostnameAsFQDN: bool(35, KEEP),
  os: obj(36, message('PodOS', { name: str(1, KEEP) })),
  hostUsers: bool(37, KEEP),
});

const CONTAINER_STATE = message('ContainerState', {
  waiting: obj(1, message('ContainerStateWaiting', { reason: str(1), message: str(2) })),
  running: obj(2, message('ContainerStateRunning', { startedAt: time(1) })),
  terminated: obj(
    3,
    message('ContainerStateTerminated', {
      exitCode: int(1, KEEP),
      signal: int(2),
      reason: str(3),
      message: str(4),
      startedAt: time(5),
      finishedAt: time(6),
      containerID: str(7),
    }),
  ),
});
const CONTAINER_STATUS = message('ContainerStatus', {
  name: str(1, KEEP),
  state: obj(2, CONTAINER_STATE),
  lastState: obj(3, CONTAINER_STATE),
  ready: bool(4, KEEP),
  restartCount: int(5, KEEP),
  image: str(6, KEEP),
  imageID: str(7, KEEP),
  containerID: str(8),
  started: bool(9, KEEP),
});
const IP = (name: string) => message(name, { ip: str(1, KEEP) });

export const POD_STATUS = message('PodStatus', {
  phase: str(1),
  conditions: list(
    2,
    message('PodCondition', {
      type: str(1, KEEP),
      status: str(2, KEEP),
      lastProbeTime: time(3),
      lastTransitionTime: time(4),
      reason: str(5),
      message: str(6),
      observedGeneration: int(7),
    }),
  ),
  message: str(3),
  reason: str(4),
  hostIP: str(5),
  podIP: str(6),
  startTime: time(7),
  containerStatuses: list(8, CONTAINER_STATUS),
  qosClass: str(9),
  initContainerStatuses: list(10, CONTAINER_STATUS),
  nominatedNodeName: str(11),
  podIPs: list(12, IP('PodIP')),
  ephemeralContainerStatuses: list(13, CONTAINER_STATUS),
  hostIPs: list(16, IP('HostIP')),
  observedGeneration: int(17),
});

export const POD = kind('Pod', { spec: obj(2, POD_SPEC), status: obj(3, POD_STATUS) });
export const POD_TEMPLATE_SPEC = kind('PodTemplateSpec', { spec: obj(2, POD_SPEC) });

export const NODE = kind('Node', {
  spec: obj(
    2,
    message('NodeSpec', {
      podCIDR: str(1),
      externalID: str(2),
      providerID: str(3),
      unschedulable: bool(4),
      taints: list(
        5,
        message('Taint', {
          key: str(1, KEEP),
          value: str(2),
          effect: str(3, KEEP),
          timeAdded: time(4),
        }),
      ),
      podCIDRs: strings(7),
    }),
  ),
  status: obj(
    3,
    message('NodeStatus', {
      capacity: map(1, 'quantity'),
      allocatable: map(2, 'quantity'),
      phase: str(3),
      conditions: list(
        4,
        message('NodeCondition', {
          type: str(1, KEEP),
          status: str(2, KEEP),
          lastHeartbeatTime: time(3),
          lastTransitionTime: time(4),
          reason: str(5),
          message: str(6),
        }),
      ),
      addresses: list(5, message('NodeAddress', { type: str(1, KEEP), address: str(2, KEEP) })),
      daemonEndpoints: obj(
        6,
        message('NodeDaemonEndpoints', {
          kubeletEndpoint: obj(1, message('DaemonEndpoint', { Port: int(1, KEEP) })),
        }),
      ),
      nodeInfo: obj(
        7,
        message('NodeSystemInfo', {
          machineID: str(1, KEEP),
          systemUUID: str(2, KEEP),
          bootID: str(3, KEEP),
          kernelVersion: str(4, KEEP),
          osImage: str(5, KEEP),
          containerRuntimeVersion: str(6, KEEP),
          kubeletVersion: str(7, KEEP),
          kubeProxyVersion: str(8, KEEP),
          operatingSystem: str(9, KEEP),
          architecture: str(10, KEEP),
        }),
      ),
      images: list(8, message('ContainerImage', { names: strings(1), sizeBytes: int(2) })),
      volumesInUse: strings(9),
    }),
  ),
});

export const REPLICATION_CONTROLLER = kind('ReplicationController', {
  spec: obj(
    2,
    message('ReplicationControllerSpec', {
      replicas: int(1, KEEP),
      selector: map(2),
      template: obj(3, POD_TEMPLATE_SPEC),
      minReadySeconds: int(4),
    }),
  ),
  status: obj(
    3,
    message('ReplicationControllerStatus', {
      replicas: int(1, KEEP),
      fullyLabeledReplicas: int(2),
      observedGeneration: int(3),
      readyReplicas: int(4),
      availableReplicas: int(5),
      conditions: list(
        6,
        message('ReplicationControllerCondition', {
          type: str(1, KEEP),
          status: str(2, KEEP),
          lastTransitionTime: time(3),
          reason: str(4),
          message: str(5),
        }),
      ),
    }),
  ),
});

const OBJECT_REFERENCE = message('ObjectReference', {
  kind: str(1),
  namespace: str(2),
  name: str(3),
  uid: str(4),
  apiVersion: str(5),
  resourceVersion: str(6),
  fieldPath: str(7),
});

export const EVENT = kind('Event', {
  involvedObject: obj(2, OBJECT_REFERENCE),
  reason: str(3),
  message: str(4),
  source: obj(5, message('EventSource', { component: str(1), host: str(2) })),
  firstTimestamp: time(6),
  lastTimestamp: time(7),
  count: int(8),
  type: str(9),
  eventTime: microTime(10),
  series: obj(11, message('EventSeries', { count: int(1), lastObservedTime: microTime(2) })),
  action: str(12),
  related: obj(13, OBJECT_REFERENCE),
  reportingComponent: str(14, KEEP),
  reportingInstance: str(15, KEEP),
});

export const NAMESPACE = kind('Namespace', {
  spec: obj(2, message('NamespaceSpec', { finalizers: strings(1) })),
  status: obj(3, message('NamespaceStatus', { phase: str(1) })),
});

export const CORE_LISTS = {
  pods: listOf(POD),
  nodes: listOf(NODE),
  replicationcontrollers: listOf(REPLICATION_CONTROLLER),
  events: listOf(EVENT),
  namespaces: listOf(NAMESPACE),
};
