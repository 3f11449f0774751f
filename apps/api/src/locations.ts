import path from 'node:path';

// Where the API finds the files it ships with. Found from this module's own folder, which is one
// level under apps/api both as source (src/) and in the server build that `npm start` runs
// (build/, one folder for the whole bundle, scripts/server-build.mjs): modules deeper in src/
// ask here instead of counting their own way up, which a bundle would not keep.

const API_ROOT = path.resolve(import.meta.dirname, '..');

/** The committed database migrations. */
export const MIGRATIONS_DIR = path.join(API_ROOT, 'migrations');
/** Files the demo seed loads (the sample license registry). */
export const FIXTURES_DIR = path.join(API_ROOT, 'fixtures');
/** The web app's build, served beside the API. */
export const WEB_DIST_DIR = path.resolve(API_ROOT, '../web/dist');
