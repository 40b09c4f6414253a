import type { Labels } from './labels.js';

export interface NodeView {
  kind: 'Node';
  name: string;
  uid: string;
  resourceVersion: string;
  labels: Labels;
  unschedulable: boolean;
  ready: boolean;
  creationTimestamp?: string;
}
