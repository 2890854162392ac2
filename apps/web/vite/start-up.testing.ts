import { runInNewContext } from 'node:vm';
import { EARLY_ANSWERS_KEY, type EarlyAnswers } from '../src/lib/early-answers';
import { startScript } from './preload-hints';

/** What a fetch of the start-up script was asked with. */
export interface StartUpFetch {
  method: string;
  headers: Record<string, string>;
  body?: string;
  credentials: string;
}

export interface StartUp {
  /** The files asked for, as `rel href`. */
  links: string[];
  /** The API addresses fetched, with their method, authorization header and body. */
  fetched: string[];
  /** The files and the answers asked for, in order (`link href` or `fetch address`). */
  order: string[];
  /** Ends the files' loads (each link's load event). */
  filesArrive(): void;
  /** What the script left for the app (lib/early-answers.ts). */
  early: EarlyAnswers | undefined;
}

/**
 * Runs the start-up script (vite/preload-hints.ts) built with `files` on a page at `address` (path
 * and query) and `width`, with `token` and `stored` in its local storage: what it asked for. Its
 * fetches are answered by `answer`.
 */
export function runStartUp({
  address,
  width,
  token,
  files,
  stored = {},
  answer = () => Promise.resolve(new Response('{}')),
}: {
  address: string;
  width: number;
  token: string | null;
  files: Parameters<typeof startScript>[0];
  stored?: Record<string, string>;
  answer?: (address: string, init: StartUpFetch) => Promise<Response>;
}): StartUp {
  const [pathname = address, search = ''] = address.split(/(?=\?)/);
  const links: { rel?: string; href?: string; onload?: () => void }[] = [];
  const fetched: string[] = [];
  const order: string[] = [];
  const window: { [EARLY_ANSWERS_KEY]?: EarlyAnswers } = {};
  runInNewContext(startScript(files, { en: 'Loading' }), {
    window,
    location: { pathname, search },
    innerWidth: width,
    navigator: { languages: ['en'] },
    localStorage: { getItem: (key: string) => (key === 'token' ? token : (stored[key] ?? null)) },
    document: {
      querySelector: () => null,
      createElement: () => ({}),
      head: {
        appendChild: (link: { rel?: string; href?: string; onload?: () => void }) => {
          order.push(`link ${link.href}`);
          links.push(link);
        },
      },
    },
    fetch: (to: string, init: StartUpFetch) => {
      const body = init.body === undefined ? '' : ` ${init.body} (${init.headers['content-type']})`;
      fetched.push(`${init.method} ${to} ${init.headers.authorization} ${init.credentials}${body}`);
      order.push(`fetch ${to}`);
      return answer(to, init);
    },
    Date,
  });
  return {
    links: links.map((link) => `${link.rel} ${link.href}`),
    fetched,
    order,
    filesArrive: () => {
      for (const link of links) link.onload?.();
    },
    early: window[EARLY_ANSWERS_KEY],
  };
}
