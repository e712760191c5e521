/**
 * The layers of docs/ARCHITECTURE.md, checked by `npm run lint` (docs/decisions/NNN-layers-checked.md).
 * Every import counts, type-only ones included: the shapes the layers share live in src/lib/contracts.
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
        'src/client and src/components run in the browser (or render there): no server or route module, not even for a type.',
      severity: 'error',
      from: { path: '^src/(client|components)/' },
      to: { path: '^src/(app|server)/' },
    },
    {
      name: 'server-without-ui',
      comment: 'src/server never imports the UI or the browser code, not even for a type.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(client|components)/' },
    },
    {
      name: 'no-cycle',
      comment: 'An import cycle makes module order matter and hides a missing layer.',
      severity: 'error',
      from: { path: '^src/' },
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
