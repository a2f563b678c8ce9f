import type { z } from 'zod';
import { ServiceError } from '@docsvc/schemas';

/**
 * Parses `input` with a shared schema, or throws 400 validation_failed whose message names each
 * field and rule (e.g. "page_range: at most 10 pages").
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query' | 'params' = 'body'): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : where,
    rule: issue.message,
  }));
  throw new ServiceError('validation_failed', details.map((d) => `${d.field}: ${d.rule}`).join('; '), details);
}
