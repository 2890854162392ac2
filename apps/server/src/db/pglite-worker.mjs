// Entry of the PGlite worker thread (pglite-thread.ts). The worker itself is TypeScript, and Node 20
// does not apply the parent's tsx loader to worker threads: load it through tsx's scoped import.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-worker.ts', import.meta.url);
