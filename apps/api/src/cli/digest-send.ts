import { loadConfig } from '../config.ts';
import { printOutcome, runFromCli } from '../operator/run-from-cli.ts';

// npm run digest:send : sends the weekly digests that are due now (operator/send-digest.ts). A
// running server that owns the embedded database does it; otherwise this process does.

printOutcome(await runFromCli(loadConfig(), { command: 'digest-send' }));
