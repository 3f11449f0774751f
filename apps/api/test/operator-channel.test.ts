import { mkdtemp, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askServer,
  type OperatorChannel,
  openOperatorChannel,
  operatorSocketPath,
} from '../src/operator/channel.ts';
import type { OperatorRequest } from '../src/operator/protocol.ts';

// The local channel between the CLIs and the server that owns DATA_DIR.

let dataDir: string;
let channel: OperatorChannel;
const received: OperatorRequest[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-chan-'));
  channel = await openOperatorChannel(dataDir, async (request) => {
    received.push(request);
    return { exitCode: 0, stdout: [`ran ${request.command}`], stderr: [] };
  });
});
afterAll(async () => {
  await channel.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Sends raw bytes and returns the raw answer. */
const sendRaw = (text: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.createConnection(operatorSocketPath(dataDir), () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });

describe('the operator channel', () => {
  it('is reachable only by the account that owns DATA_DIR', async () => {
    expect((await stat(path.dirname(channel.socketPath))).mode & 0o777).toBe(0o700);
    expect((await stat(channel.socketPath)).mode & 0o777).toBe(0o600);
  });

  it('carries a request to the owner and its outcome back', async () => {
    const request: OperatorRequest = { command: 'licenses-import', csv: 'License Number\nC11-1\n' };
    expect(await askServer(dataDir, request)).toEqual({
      exitCode: 0,
      stdout: ['ran licenses-import'],
      stderr: [],
    });
    expect(received.at(-1)).toEqual(request);
  });

  it('answers a request it does not understand without running anything', async () => {
    const before = received.length;
    expect(JSON.parse(await sendRaw('{"command":"drop-everything"}\n'))).toEqual({
      exitCode: 2,
      stdout: [],
      stderr: ['The server did not understand the request.'],
    });
    expect(JSON.parse(await sendRaw('not json\n')).exitCode).toBe(2);
    expect(received).toHaveLength(before);
  });

  it('tells the CLI when nobody listens, so it can do the work itself', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'canopy-chan-'));
    try {
      expect(await askServer(empty, { command: 'backup', file: '/tmp/x' })).toBeNull();
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
