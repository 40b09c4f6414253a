import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, requestOfDraft } from './preemption-form.js';

describe('requestOfDraft', () => {
  it('builds the request from a class, a size, a namespace and a node selector', () => {
    expect(
      requestOfDraft({
        ...EMPTY_DRAFT,
        priorityClass: 'critical',
        cpu: ' 7 ',
        memory: '2Gi',
        namespace: 'payments',
        nodeSelector: 'kubernetes.io/hostname=worker-1, pdbscope.dev/pool=general',
      }),
    ).toStrictEqual({
      request: {
        priorityClassName: 'critical',
        cpu: '7',
        memory: '2Gi',
        namespace: 'payments',
        nodeSelector: { 'kubernetes.io/hostname': 'worker-1', 'pdbscope.dev/pool': 'general' },
      },
    });
    expect(requestOfDraft({ ...EMPTY_DRAFT, priority: '-5' })).toStrictEqual({
      request: { priority: -5 },
    });
  });

  it('says what is wrong with each field, in the API’s own terms', () => {
    expect(requestOfDraft(EMPTY_DRAFT)).toStrictEqual({
      errors: ['Priority: choose a PriorityClass or give a number.'],
    });
    expect(
      requestOfDraft({
        ...EMPTY_DRAFT,
        priority: '1.5',
        cpu: 'lots',
        memory: '-1Gi',
        namespace: 'Pay_ments',
        nodeSelector: 'zone!=a',
      }),
    ).toStrictEqual({
      errors: [
        'Priority: "1.5" is not a whole number.',
        'Node selector: a pod’s nodeSelector takes key=value only, not !=.',
        "Namespace: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?').",
        'CPU request: a quantity that is not negative, such as 500m or 2.',
        'Memory request: a quantity that is not negative, such as 512Mi or 2Gi.',
      ],
    });
    expect(requestOfDraft({ ...EMPTY_DRAFT, priority: '3000000000' })).toStrictEqual({
      errors: ['Priority: Too big: expected number to be <=2147483647.'],
    });
  });
});
