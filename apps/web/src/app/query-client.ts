import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { trackAnswerReads } from '../lib/answer-reads';
import { followProfile } from '../lib/profile';
import { QUERY_DEFAULTS } from '../lib/query-defaults';
import { storeApiError } from './system/error-list';

/**
 * The app's one query cache (app.tsx provides it; the start-up asks for the first answers into it
 * before the first render). A8.38: failures no screen shows itself go to the error list for 5 s: a
 * refetch that fails while the screen keeps showing the earlier data, and calls that ask for it with
 * `meta: { errorList: true }`.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.state.data !== undefined || query.meta?.errorList === true) storeApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _result, mutation) => {
      if (mutation.meta?.errorList === true) storeApiError(error);
    },
  }),
  defaultOptions: {
    queries: QUERY_DEFAULTS,
  },
});
// Before the first fetch: a room coming on reloads only answers that may lack its last record.
trackAnswerReads(queryClient.getQueryCache());
// The signed-in user shown around the app follows every profile answer (A7.42, A7.43).
followProfile(queryClient.getQueryCache());
