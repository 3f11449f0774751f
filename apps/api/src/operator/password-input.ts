// Where create-admin gets the new admin's password. A password on the command line is visible to
// every user of the machine in `ps` and stays in shell history, so it is refused in production
// and warned about elsewhere (decision 051).

export const PASSWORD_ENV = 'CANOPY_ADMIN_PASSWORD';

export type PasswordSource =
  | { kind: 'argv'; password: string }
  | { kind: 'stdin' }
  | { kind: 'env'; password: string }
  | { kind: 'prompt' };

export class PasswordInputError extends Error {}

/** Picks the one source the operator used; giving two is ambiguous and refused. */
export function choosePasswordSource(options: {
  argv: string | undefined;
  stdin: boolean;
  env: string | undefined;
  production: boolean;
  interactive: boolean;
}): PasswordSource {
  const given = [options.argv !== undefined, options.stdin, options.env !== undefined].filter(Boolean).length;
  if (given > 1) {
    throw new PasswordInputError(
      `give the password one way only: --password-stdin, ${PASSWORD_ENV}, or the prompt`,
    );
  }
  if (options.argv !== undefined) {
    if (options.production) {
      throw new PasswordInputError(
        `--password is refused when NODE_ENV=production (a password in the command line shows in ps and shell history); use --password-stdin, ${PASSWORD_ENV}, or the prompt`,
      );
    }
    return { kind: 'argv', password: options.argv };
  }
  if (options.stdin) return { kind: 'stdin' };
  if (options.env !== undefined) return { kind: 'env', password: options.env };
  if (!options.interactive) {
    throw new PasswordInputError(
      `no password given and no terminal to ask on: pipe it with --password-stdin or set ${PASSWORD_ENV}`,
    );
  }
  return { kind: 'prompt' };
}

/** All of standard input, less the one line break that `echo` or a here-string adds. */
export async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks on the terminal without echoing what is typed. */
export function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  // Echo goes off before the question appears, so nothing typed after it is ever shown.
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
    };
    const onData = (text: string) => {
      for (const char of text) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        // Ctrl-C or Ctrl-D: the operator changed their mind.
        if (char === '\u0003' || char === '\u0004') {
          finish();
          reject(new PasswordInputError('cancelled; nothing was changed'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = Array.from(value).slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** The password from the chosen source; a prompt asks twice so a typo cannot lock the admin out. */
export async function readPassword(source: PasswordSource): Promise<string> {
  switch (source.kind) {
    case 'argv':
    case 'env':
      return source.password;
    case 'stdin':
      return readPasswordFromStdin();
    case 'prompt': {
      const first = await promptHidden('New admin password: ');
      const second = await promptHidden('Repeat the password: ');
      if (first !== second) throw new PasswordInputError('the two passwords differ; nothing was changed');
      return first;
    }
  }
}
