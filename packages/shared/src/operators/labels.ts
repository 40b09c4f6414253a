/** The recommended labels operators (and charts) put on what they write. */
export const MANAGED_BY = 'app.kubernetes.io/managed-by';
export const INSTANCE = 'app.kubernetes.io/instance';
export const APP_NAME = 'app.kubernetes.io/name';
export const COMPONENT = 'app.kubernetes.io/component';
/** Stackable's: the role group an object belongs to. */
export const ROLE_GROUP = 'app.kubernetes.io/role-group';
/** ECK's. */
export const ECK_TYPE = 'common.k8s.elastic.co/type';
export const ECK_CLUSTER = 'elasticsearch.k8s.elastic.co/cluster-name';
export const ECK_STATEFULSET = 'elasticsearch.k8s.elastic.co/statefulset-name';
