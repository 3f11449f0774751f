import { z } from 'zod';

// What the command-line tools ask of the process that owns the data folder, and what they get
// back. The same request runs in the server (over the operator channel) or in the CLI itself.

export const operatorRequestSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create-admin'),
    email: z.string(),
    password: z.string(),
    force: z.boolean(),
  }),
  z.object({ command: z.literal('licenses-import'), csv: z.string() }),
  z.object({ command: z.literal('backup'), file: z.string() }),
  z.object({ command: z.literal('digest-send') }),
  z.object({ command: z.literal('alerts-send') }),
]);

export type OperatorRequest = z.infer<typeof operatorRequestSchema>;

/** What a command printed and how it ended, carried back to the terminal that asked. */
export interface OperatorOutcome {
  exitCode: number;
  stdout: string[];
  stderr: string[];
}

/** Collects a command's output; `fail` marks the outcome as failed. */
export function outcome() {
  const result: OperatorOutcome = { exitCode: 0, stdout: [], stderr: [] };
  return {
    result,
    say(line: string) {
      result.stdout.push(line);
    },
    warn(line: string) {
      result.stderr.push(line);
    },
    fail(line: string, exitCode = 1) {
      result.stderr.push(line);
      result.exitCode = exitCode;
      return result;
    },
  };
}

/** "1 listing", "2 listings". */
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
