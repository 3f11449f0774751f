// npm run <operator command>: runs the command from the server build (scripts/server-build.mjs),
// built first when its sources changed, in this process: `node scripts/run-built.mjs backup FILE`
// runs apps/api/build/backup.js with FILE as its first argument.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild } from './server-build.mjs';

const [name] = process.argv.splice(2, 1);
const entry = path.join(await ensureServerBuild(), `${name}.js`);
// The command reads its own arguments from process.argv[2] on, as when started directly.
process.argv[1] = entry;
process.setSourceMapsEnabled(true);
await import(pathToFileURL(entry).href);
