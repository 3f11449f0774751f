import { z } from 'zod';

// Building blocks for reading environment variables with zod. A variable that is unset or blank
// is unset; any other value is trimmed. Each failure names the variable and the value it got, so
// that one message can list every bad variable at once.

export type Env = Record<string, string | undefined>;

const blankAsUnset = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** Text, or null when unset. */
export const optionalText = () =>
  z.preprocess(blankAsUnset, z.string().optional()).transform((v) => v ?? null);

/** A value read by `read`, which returns undefined for one it cannot accept; `problem` says why. */
export function readAs<T>(problem: (raw: string) => string, read: (raw: string) => T | undefined) {
  return z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((raw, ctx): T | null => {
        if (raw === undefined) return null;
        const value = read(raw);
        if (value !== undefined) return value;
        ctx.addIssue({ code: 'custom', message: problem(raw) });
        return z.NEVER;
      }),
  );
}

/** A whole number up to `max`, or null when unset. */
export const wholeNumber = (name: string, max = Number.MAX_SAFE_INTEGER) =>
  readAs(
    (raw) => `${name} must be a whole number, got ${raw}`,
    (raw) => (/^\d+$/.test(raw) && Number(raw) <= max ? Number(raw) : undefined),
  );

/** Parses the environment with the schema, or throws one error listing every bad variable. */
export function parseEnv<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.message}`);
  throw new Error(`Invalid configuration; fix these environment variables:\n${problems.join('\n')}`);
}
