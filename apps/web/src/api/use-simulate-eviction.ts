import { useMutation } from '@tanstack/react-query';
import { simulateEvictions, verifyEviction } from './queries.js';

/** Simulates evicting one pod (nothing is evicted): the step holds the decision and the budgets after it. */
export function useSimulateEviction() {
  return useMutation({
    mutationKey: ['simulate', 'eviction'],
    mutationFn: async (pod: string) => {
      const result = await simulateEvictions([pod]);
      const step = result.steps[0];
      if (step === undefined) throw new Error(`the server returned no decision for ${pod}`);
      return step;
    },
  });
}

/** Sends the same eviction to the API server with dryRun=All (only offered when the BFF allows it). */
export function useVerifyEviction() {
  return useMutation({ mutationKey: ['verify', 'eviction'], mutationFn: verifyEviction });
}
