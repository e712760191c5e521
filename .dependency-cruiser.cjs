/**
 * The layers of docs/ARCHITECTURE.md, checked by `npm run lint` (docs/decisions/NNN-layers-checked.md).
 * Type-only imports from src/client and src/components into src/server are tolerated for now (the shapes they
 * share move to src/lib/contracts); everything else going the wrong way fails.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-stands-alone',
      comment: 'src/lib is shared by the browser and the server: it imports nothing from the other folders.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(app|client|components|server)/' },
    },
    {
      name: 'browser-code-without-server',
      comment:
        'src/client and src/components run in the browser (or render there): no server or route module at run time.',
      severity: 'error',
      from: { path: '^src/(client|components)/' },
      to: { path: '^src/(app|server)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-without-ui',
      comment: 'src/server never imports the UI or the browser code.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(client|components)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-cycle',
      comment:
        'An import cycle makes module order matter and hides a missing layer. The schema is the one exception: a ' +
        "domain's tables (db/schema/<domain>.ts, re-exported by db/schema.ts) reference the core tables lazily.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/db/schema(\\.ts$|/)' },
      to: { circular: true },
    },
  ],
  options: {
    // TypeScript 7's compiler has no JavaScript API yet: swc parses the sources (type-only imports included).
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    exclude: { path: '\\.test\\.tsx?$' },
  },
};
