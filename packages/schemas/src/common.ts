import { z } from 'zod';

/** A corner point in the pixel space of the page image that was recognised. */
export const pointSchema = z.object({ x: z.number(), y: z.number() });

/** Bounds of a line or word: four corners plus width and height (contract section 2.4). */
export const boundsSchema = z.object({
  top_left: pointSchema,
  top_right: pointSchema,
  bottom_left: pointSchema,
  bottom_right: pointSchema,
  width: z.number(),
  height: z.number(),
});

/** The one error shape every failing answer has. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({ code: z.string(), details: z.array(z.unknown()) }),
  log_id: z.string(),
});

export type Point = z.infer<typeof pointSchema>;
export type Bounds = z.infer<typeof boundsSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The first issue of a failed union's branch of the input's own kind (a string, a list, an object):
 * the branch whose first issue is not "wrong type" at the union itself; undefined when none is.
 */
export function unionBranchIssue(branches: readonly (readonly z.core.$ZodIssue[])[]): z.core.$ZodIssue | undefined {
  return branches.find((issues) => issues.length > 0 && !(issues[0]!.code === 'invalid_type' && issues[0]!.path.length === 0))?.[0];
}

/**
 * The message of a union that failed: that of the branch of the input's own kind, not zod's
 * "Invalid input", so that `{"total": {"type": "money"}}` is answered with what is wrong with "money".
 */
export const unionError = (what: string) => (issue: z.core.$ZodRawIssue): string => {
  const first = unionBranchIssue((issue as { errors?: z.core.$ZodIssue[][] }).errors ?? []);
  if (!first) return what;
  return first.path.length ? `${first.path.join('.')}: ${first.message}` : first.message;
};
