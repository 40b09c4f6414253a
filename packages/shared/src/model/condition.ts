/** A `metav1.Condition` as stored in a budget's status. */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown' | (string & {});
  reason?: string;
  message?: string;
  observedGeneration?: number;
  lastTransitionTime?: string;
}
