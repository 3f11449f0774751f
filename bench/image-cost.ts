import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, processImage } from '../apps/api/src/lib/media/images.ts';

// CPU time of one listing image at a given size, through the real pipeline (decode, upright,
// four webp variants). Decision 067 chose the pixel cap from these numbers. Run with
// `node --import tsx bench/image-cost.ts`; BENCH_REPEAT sets the runs per size (default 3).

const repeat = Number(process.env.BENCH_REPEAT ?? 3);
const log = (line: string) => process.stdout.write(`${line}\n`);

/** A flat PNG compresses to a few dozen kilobytes whatever its size: the cheap-to-send case. */
const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

log(`pixel cap: ${MAX_IMAGE_PIXELS / 1_000_000} MP; ${repeat} runs per size; CPU ms per image (median)`);
const sizes: [number, number][] = [
  [4000, 3000],
  [6000, 4000],
  [8000, 6125],
];
for (const [width, height] of sizes) {
  const png = await flatPng(width, height);
  const times: number[] = [];
  let outcome = 'processed';
  for (let i = 0; i < repeat; i++) {
    const start = process.cpuUsage();
    try {
      await processImage(png);
    } catch (error) {
      outcome = `refused (${(error as Error).message})`;
    }
    times.push(cpuMs(start));
  }
  times.sort((a, b) => a - b);
  const megapixels = ((width * height) / 1_000_000).toFixed(1);
  log(
    `${megapixels} MP PNG, ${Math.round(png.length / 1024)} KB: ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms, ${outcome}`,
  );
}
