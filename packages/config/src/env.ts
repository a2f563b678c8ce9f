import { z } from 'zod';

/** A configuration problem found at start-up; its message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

/**
 * Parses `env` with a schema whose keys are variable names. Empty strings count as unset, so that
 * `FOO= npm start` falls back to the default instead of failing on "".
 */
export function parseEnv<S extends z.ZodRawShape>(shape: S, env: Env): z.infer<z.ZodObject<S>> {
  const input: Record<string, string> = {};
  for (const key of Object.keys(shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value.trim();
  }
  const result = z.object(shape).safeParse(input);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)';
        const got = typeof issue.path[0] === 'string' ? input[issue.path[0]] : undefined;
        return `${name}: ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`;
      }),
    );
  }
  return result.data;
}

/** "true"/"false"/"1"/"0"/"yes"/"no" as a boolean; anything else is an error naming the variable. */
export const envBoolean = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** One of `choices` (a registry's names and 'auto', say); anything else is an error listing them. */
export const envChoice = <const T extends readonly [string, ...string[]]>(choices: T, fallback: T[number]) =>
  z.enum(choices, { message: `must be one of ${choices.join(', ')}` }).default(fallback as never);

/** A positive integer (sizes, counts, milliseconds). */
export const envInt = (fallback: number, opts: { min?: number; max?: number } = {}) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(opts.min ?? 0, { message: `must be at least ${opts.min ?? 0}` })
    .max(opts.max ?? Number.MAX_SAFE_INTEGER, { message: `must be at most ${opts.max ?? Number.MAX_SAFE_INTEGER}` })
    .default(fallback);

export const envUrl = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );
