/**
 * The import-cycle check (`npm run cycles`, part of `npm run lint`): no file of the server or the web
 * app (tests and test helpers included) may reach itself again through its imports.
 *
 * Type-only imports (`import type`) count. They vanish from the running code, so a cycle made of them
 * breaks nothing at run time; but it still ties its modules into one knot that cannot be understood,
 * tested or moved apart, and it is how the layering erodes: a lower module that names a type of an
 * upper one is a step from calling it. The account modules (identity, user, billing, auth) and the
 * generation runner were untangled for that reason, and this keeps them so.
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'This import closes a cycle. Move what both sides need one layer down (a bottom module or shared/), ' +
        'or pass it in from the code that wires them (services.ts, a page under app/).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Counts `import type` and type-only specifiers too (see above).
    tsPreCompilationDeps: true,
    includeOnly: '^(apps/server/(src|test-support)|apps/web/src)/',
    doNotFollow: { path: 'node_modules' },
    // Imports name their files with the extension (.ts, .tsx); the workspace packages resolve by
    // their package.json "exports".
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
