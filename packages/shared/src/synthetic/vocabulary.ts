/** Word lists that make synthetic names look like a real company's cluster. */

export const TEAMS = [
  'payments',
  'checkout',
  'search',
  'catalog',
  'identity',
  'platform',
  'data',
  'ml',
  'growth',
  'messaging',
  'logistics',
  'billing',
  'risk',
  'media',
  'ads',
  'infra',
  'observability',
  'support',
] as const;

export const ENVS = ['prod', 'staging', 'dev', 'qa', 'canary'] as const;

/** Stateless services, run as Deployments. */
export const SERVICES = [
  'api',
  'web',
  'worker',
  'frontend',
  'gateway',
  'scheduler',
  'consumer',
  'ingest',
  'router',
  'renderer',
  'notifier',
  'indexer',
  'auth',
  'graphql',
  'grpc-server',
  'cron-runner',
  'proxy',
  'exporter',
  'webhook',
  'batcher',
] as const;

/** Components a service is split into (app.kubernetes.io/component). */
export const COMPONENTS = [
  'server',
  'backend',
  'frontend',
  'worker',
  'cache',
  'controller',
] as const;

/**
 * Stateful systems, run as StatefulSets, with the role (component) their pods play and a
 * quorum-like replica count.
 */
export const STATEFUL = [
  { name: 'zookeeper', component: 'server', image: 'zookeeper:3.9.2', replicas: [3, 5] },
  { name: 'kafka', component: 'broker', image: 'apache/kafka:3.7.0', replicas: [3, 5, 6] },
  { name: 'postgresql', component: 'primary', image: 'postgres:16.3', replicas: [1, 2, 3] },
  { name: 'redis', component: 'master', image: 'redis:7.2.5', replicas: [1, 3] },
  { name: 'elasticsearch', component: 'data', image: 'elasticsearch:8.13.4', replicas: [3, 6, 9] },
  { name: 'hdfs', component: 'datanode', image: 'apache/hadoop:3.4.0', replicas: [3, 6, 12] },
  { name: 'trino', component: 'worker', image: 'trinodb/trino:448', replicas: [4, 8, 16] },
  { name: 'etcd', component: 'member', image: 'quay.io/coreos/etcd:v3.5.14', replicas: [3, 5] },
  { name: 'mongodb', component: 'replicaset', image: 'mongo:7.0.11', replicas: [3] },
  { name: 'rabbitmq', component: 'server', image: 'rabbitmq:3.13.3', replicas: [3] },
] as const;

export const PRODUCTS = [
  'orders',
  'cart',
  'inventory',
  'pricing',
  'recommendations',
  'profile',
  'sessions',
  'invoices',
  'shipments',
  'reviews',
  'loyalty',
  'fraud',
  'ledger',
  'feeds',
  'uploads',
  'thumbnails',
  'geo',
  'quotes',
  'tickets',
  'returns',
] as const;

export const ZONES = ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'] as const;

export const INSTANCE_TYPES = ['m6i.2xlarge', 'm6i.4xlarge', 'r6i.2xlarge', 'c6i.4xlarge'] as const;

export const REGISTRY = 'registry.example.com';
