import fs from 'node:fs';
import path from 'node:path';

/**
 * Which server test files run a second time on PostgreSQL. test-app.ts is the only code that
 * chooses the database, so a test file whose imports (followed through local modules) never reach
 * it runs the same on either database and needs one run. test-app.ts checks at run time that a
 * file using it was found by this scan, so a file it missed (say, one importing the helper by a
 * computed path) fails instead of silently skipping PostgreSQL.
 *
 * Of those, the second run is for the paths where a real server behaves differently from the
 * embedded one: concurrent connections, locks and the queue. PGlite is PostgreSQL's own engine, so
 * SQL means the same on both; what it cannot show is two transactions racing. So the money, queue
 * and auth paths (and what counts against a limit) run on both, with every `*.pg.test.ts` (the
 * concurrency tests, written for PostgreSQL); the rest runs once, on PGlite.
 */
const TEST_APP = path.join(import.meta.dirname, 'test-app.ts');
const SPECIFIER = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function localImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(SPECIFIER)].map((m) => {
    const target = path.resolve(path.dirname(file), m[1]!);
    const found = [target, `${target}.ts`, path.join(target, 'index.ts')].find(
      (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
    if (!found) throw new Error(`${file}: cannot resolve the import "${m[1]}"`);
    return found;
  });
}

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile() || !entry.name.endsWith('.test.ts')) return [];
    const full = path.join(entry.parentPath, entry.name);
    return full.split(path.sep).includes('node_modules') ? [] : [full];
  });
}

const ON_BOTH = [
  'generation/',
  'modules/auth/',
  'modules/billing/',
  'modules/design/',
  // Keys, the public API's charges, idempotency and per-key limits.
  'modules/developer/api-keys/',
  'modules/developer/v1/',
  'modules/identity/',
  'modules/messaging/',
  'modules/upload/',
  'modules/user/',
  'main.',
];
/**
 * Files under those paths whose subject is not the queue, money or a limit, so the second database
 * could show nothing new: they run once. The engines' own behaviour through the app (a provider's
 * faults, its input limits, a ComfyUI fleet's servers dying: the queue part of it is dispatch,
 * recovery and restart), the catalogue and the studio's parameters, an image's processing and
 * storage, the operator CLI's printing (a process talking HTTP to the server), and the neural
 * upscaler (seconds of CPU in the network, not in SQL).
 */
const ONCE = [
  'generation/fleet.test.ts',
  'generation/flux-app.test.ts',
  'generation/stability-app.test.ts',
  'generation/input-stager.test.ts',
  'generation/engines/async-job/hosted-engines.api.test.ts',
  'modules/billing/catalogue.cli.test.ts',
  'modules/billing/codes.cli.test.ts',
  'modules/billing/orders.cli.test.ts',
  'modules/design/models.test.ts',
  'modules/design/neural-upscale.test.ts',
  'modules/design/params.test.ts',
  'modules/design/presets.test.ts',
  'modules/design/presets/preset-pictures.test.ts',
  'modules/design/word-packages.test.ts',
  'modules/upload/upload-images.test.ts',
  'modules/upload/upload-s3.test.ts',
  'modules/user/profile.test.ts',
];

/**
 * Absolute paths of the test files under `serverSrc` (apps/server/src) that use a database, and of
 * those that run on PostgreSQL too.
 */
export function postgresPassFiles(serverSrc: string): { usingDatabase: string[]; onPostgres: string[] } {
  const root = path.resolve(serverSrc);
  const tests = testFiles(root);
  // Every module the tests load, with who imports it; then walk back from test-app.ts.
  const importedBy = new Map<string, string[]>();
  const seen = new Set<string>(tests);
  const queue = [...tests];
  for (let file = queue.pop(); file; file = queue.pop()) {
    for (const dep of localImports(file)) {
      importedBy.set(dep, [...(importedBy.get(dep) ?? []), file]);
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  const reaching = new Set<string>([TEST_APP]);
  const back = [...reaching];
  for (let file = back.pop(); file; file = back.pop()) {
    for (const importer of importedBy.get(file) ?? []) {
      if (!reaching.has(importer)) {
        reaching.add(importer);
        back.push(importer);
      }
    }
  }
  const usingDatabase = tests.filter((file) => file.endsWith('.pg.test.ts') || reaching.has(file)).sort();
  const onBoth = (file: string) => {
    const relative = path.relative(root, file).split(path.sep).join('/');
    return ON_BOTH.some((prefix) => relative.startsWith(prefix)) && !ONCE.includes(relative);
  };
  return {
    usingDatabase,
    onPostgres: usingDatabase.filter((file) => file.endsWith('.pg.test.ts') || onBoth(file)),
  };
}
