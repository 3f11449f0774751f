// Once per run of the browser journeys: the server build the journeys start, as `npm start` runs it
// (decision 185, and 236 for why the journeys run it), made now when it is missing or older than
// its sources, so no journey spends its own start-up compiling TypeScript.
import { ensureServerBuild } from '../../scripts/server-build.mjs';

export default async function setup() {
  await ensureServerBuild();
}
