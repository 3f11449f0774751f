import { loadConfig } from '../config.ts';
import { printOutcome, runFromCli } from '../operator/run-from-cli.ts';

// npm run alerts:send : checks every saved search for new listings now and mails the alerts due,
// then the sellers due a wanted-post mail (the server does the same on its own schedule). With a server running on the embedded database,
// that server does the run.

printOutcome(await runFromCli(loadConfig(), { command: 'alerts-send' }));
