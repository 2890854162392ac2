// Layering rules for Foyer (docs/decisions/014-layering.md). `npm run depcheck` runs them; `npm test`
// fails on any violation. There are no exceptions: fix the import instead of adding one here.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import circles in the contract, the server or the web app, type-only imports included: ' +
        'a circle means two modules cannot be understood (or loaded) one without the other.',
      from: { path: '^(apps/server|apps/web|packages/contract|integration)/' },
      to: { circular: true },
    },
    {
      name: 'web-no-cross-feature',
      severity: 'error',
      comment:
        'A web feature imports only lib/, components/, i18n/ and the contract, never another feature. ' +
        'What several features share moves to lib/ or components/; composing features is the job of app/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'server-no-foreign-repository',
      severity: 'error',
      comment:
        "A server feature reads another feature's data through that feature's service, " +
        'never through its repository.',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/[^/]+/[^/]*repository[.]ts$',
        pathNot: '^apps/server/src/features/$1/',
      },
    },
    {
      name: 'features-no-app',
      severity: 'error',
      comment:
        'Features do not import the composition layer that assembles them (server app.ts, web app/): ' +
        'the dependency points from app to features, never back.',
      from: { path: '^apps/(server|web)/src/features/' },
      to: { path: '^apps/server/src/app[.]ts$|^apps/web/src/app/' },
    },
    {
      name: 'contract-no-apps',
      severity: 'error',
      comment: 'The contract is the bottom layer: it imports nothing from the server or the web app.',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server and the web app share only the contract.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'apps-not-integration',
      severity: 'error',
      comment:
        'integration/ holds the tests where web code meets the real server; nothing in the apps or the ' +
        'contract depends on it.',
      from: { path: '^(apps|packages)/' },
      to: { path: '^integration/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The server and the web app share only the contract.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    includeOnly: '^(apps/server|apps/web|packages/contract|integration)/',
    exclude: { path: '(^|/)(dist|data|node_modules)/' },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a circle through `import type` is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Workspace packages (@foyer/contract) resolve to their real path under packages/.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
