import { spawn } from 'node:child_process';
import { VIDEO_POSTER_SECONDS } from '@canopy/shared';

// Poster frames and durations come from ffmpeg, run as a child process on the stored temp file:
// the video itself is never read into this process.

const FFMPEG_TIMEOUT_MS = 30_000;
/** A PNG of a frame capped at 1280 px wide stays far below this. */
const MAX_FRAME_BYTES = 32 * 1024 * 1024;
const STDERR_KEEP = 16 * 1024;

export interface VideoFrame {
  /** PNG bytes of the frame, or null when ffmpeg is missing or could not decode the file. */
  frame: Buffer | null;
  /** Seconds, from ffmpeg's "Duration:" line; null when unknown. */
  duration: number | null;
  /** Why there is no frame, for the log. */
  problem: string | null;
}

interface FfmpegRun {
  stdout: Buffer;
  stderr: string;
  /** Set when ffmpeg could not be started, timed out or failed. */
  failure: string | null;
}

function runFfmpeg(ffmpegPath: string, args: string[]): Promise<FfmpegRun> {
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let failure: string | null = null;
    const timer = setTimeout(() => {
      failure = `ffmpeg timed out after ${FFMPEG_TIMEOUT_MS} ms`;
      child.kill('SIGKILL');
    }, FFMPEG_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_FRAME_BYTES) {
        failure = 'ffmpeg produced an oversized frame';
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.alloc(0), stderr, failure: `ffmpeg could not run: ${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (!failure && code !== 0)
        failure = `ffmpeg exited with ${code}: ${stderr.trim().split('\n').at(-1) ?? ''}`;
      resolve({ stdout: Buffer.concat(chunks), stderr, failure });
    });
  });
}

/** "Duration: 00:01:02.50," in ffmpeg's input summary, in seconds. */
export function parseDuration(stderr: string): number | null {
  const match = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

const frameArgs = (videoPath: string, seconds: number) => [
  '-hide_banner',
  '-nostdin',
  '-ss',
  seconds.toFixed(1),
  '-i',
  videoPath,
  '-frames:v',
  '1',
  '-an',
  '-vf',
  "scale='min(1280,iw)':-2",
  '-f',
  'image2pipe',
  '-c:v',
  'png',
  'pipe:1',
];

/**
 * The frame at SPEC's 2.0 s; a clip shorter than that has no frame there, so it falls back to
 * the first frame.
 */
export async function extractVideoFrame(ffmpegPath: string, videoPath: string): Promise<VideoFrame> {
  const first = await runFfmpeg(ffmpegPath, frameArgs(videoPath, VIDEO_POSTER_SECONDS));
  const duration = parseDuration(first.stderr);
  if (first.stdout.length > 0 && !first.failure) return { frame: first.stdout, duration, problem: null };
  if (first.failure?.startsWith('ffmpeg could not run'))
    return { frame: null, duration, problem: first.failure };
  const retry = await runFfmpeg(ffmpegPath, frameArgs(videoPath, 0));
  if (retry.stdout.length > 0 && !retry.failure) {
    return { frame: retry.stdout, duration: duration ?? parseDuration(retry.stderr), problem: null };
  }
  return { frame: null, duration, problem: retry.failure ?? first.failure ?? 'ffmpeg produced no frame' };
}
