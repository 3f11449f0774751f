import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { type OperatorOutcome, type OperatorRequest, operatorRequestSchema } from './protocol.ts';

// The local channel through which the CLIs hand their work to a running server: a Unix socket in
// a directory only the owner of DATA_DIR can enter (mode 0700; the socket itself is 0600), so only
// that user (or root) can reach it. One JSON line in, one JSON line out (decision 050).

export const operatorSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'operator.sock');

/** Linux refuses longer Unix socket paths (sun_path is 108 bytes with its terminator). */
const MAX_SOCKET_PATH = 107;

/** A license export is a few megabytes; anything far larger is not a request we expect. */
const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

export interface OperatorChannel {
  readonly socketPath: string;
  close(): Promise<void>;
}

/**
 * Serves operator requests until closed. Only the process holding the DATA_DIR lock may call it:
 * it removes whatever socket a dead owner left behind.
 */
export async function openOperatorChannel(
  dataDir: string,
  handle: (request: OperatorRequest) => Promise<OperatorOutcome>,
): Promise<OperatorChannel> {
  const socketPath = operatorSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new Error(
      `DATA_DIR is too deep for the operator channel (${socketPath} is longer than ${MAX_SOCKET_PATH} bytes); choose a shorter DATA_DIR`,
    );
  }
  const dir = path.dirname(socketPath);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  await rm(socketPath, { force: true });

  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const answer = (result: OperatorOutcome) => socket.end(`${JSON.stringify(result)}\n`);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        socket.off('data', onData);
        answer({ exitCode: 2, stdout: [], stderr: ['The request is too large for the operator channel.'] });
        return;
      }
      chunks.push(chunk);
      if (!chunk.includes(0x0a)) return;
      socket.off('data', onData);
      const line = Buffer.concat(chunks).toString('utf8').split('\n')[0] ?? '';
      let request: OperatorRequest;
      try {
        const parsed = operatorRequestSchema.safeParse(JSON.parse(line));
        if (!parsed.success) throw new Error('unknown request');
        request = parsed.data;
      } catch {
        answer({ exitCode: 2, stdout: [], stderr: ['The server did not understand the request.'] });
        return;
      }
      void handle(request).then(answer, (error: Error) =>
        answer({ exitCode: 1, stdout: [], stderr: [error.message] }),
      );
    };
    socket.on('data', onData);
    // A CLI that gives up (Ctrl-C) must not take the server down with an unhandled socket error.
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return {
    socketPath,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/**
 * Sends a request to the server that owns DATA_DIR. Null when no server listens there (nothing was
 * sent); an error when the connection broke after the request left, since it may have run.
 */
export async function askServer(dataDir: string, request: OperatorRequest): Promise<OperatorOutcome | null> {
  const socketPath = operatorSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    const chunks: Buffer[] = [];
    let sent = false;
    socket.on('connect', () => {
      sent = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!sent && ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(error.code ?? '')) resolve(null);
      else reject(new Error(`the operator channel failed (${error.message})`));
    });
    socket.on('close', () => {
      if (!sent) return;
      const text = Buffer.concat(chunks).toString('utf8').trim();
      try {
        resolve(JSON.parse(text) as OperatorOutcome);
      } catch {
        reject(
          new Error(
            'the server closed the operator channel without an answer (did it stop?); check whether the command took effect before running it again',
          ),
        );
      }
    });
  });
}
