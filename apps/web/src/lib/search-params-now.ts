import { useCallback } from 'react';
import { type NavigateOptions, useLocation, useNavigate, useSearchParams } from 'react-router';

export type SearchParamsChange = (now: URLSearchParams) => URLSearchParams;

/**
 * The page's query parameters, changed from the address as it is now rather than as last rendered.
 *
 * A navigation writes the address at once, but the router renders it in a transition, which a slow
 * phone may still be working on when the next tap or timer comes: react-router's own setter builds
 * on the parameters of the last render, so that tap would put back what the first change took out
 * (a cleared search reappearing when a list is chosen right after). Here each change reads
 * `window.location` while it shows this page's path; a page drawn under a modal route (its path
 * not the address's) falls back to its rendered parameters.
 */
export function useSearchParamsNow(): [
  URLSearchParams,
  (change: SearchParamsChange, options?: NavigateOptions) => void,
] {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const update = useCallback(
    (change: SearchParamsChange, options?: NavigateOptions) => {
      const now =
        window.location.pathname === pathname
          ? new URLSearchParams(window.location.search)
          : new URLSearchParams(params);
      navigate(`?${change(now)}`, options);
    },
    [navigate, params, pathname],
  );
  return [params, update];
}
