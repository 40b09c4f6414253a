/** A label set, as on `metadata.labels`. */
export type Labels = Readonly<Record<string, string>>;

/** The operators the API accepts; anything else is kept as written so validation can name it. */
export type SelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

export interface LabelSelectorRequirement {
  key: string;
  /** As written in the object: may be an unknown operator, which is an error, not a crash. */
  operator: SelectorOperator | (string & {});
  values?: readonly string[];
}

/** `metav1.LabelSelector`. `null` in a budget means the field was absent (nil: matches nothing). */
export interface LabelSelector {
  matchLabels?: Readonly<Record<string, string>>;
  matchExpressions?: readonly LabelSelectorRequirement[];
}
