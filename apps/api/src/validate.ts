import type { z } from 'zod';
import { ServiceError, unionBranchIssue } from '@docsvc/schemas';

/**
 * Parses `input` with a shared schema, or throws 400 validation_failed whose message names each
 * field and rule in words meant for people ("page_range[0]: must be at least 1", not zod's "Too
 * small: expected number to be >=1"). A schema's own messages (a union's accepted forms, a refinement)
 * are kept; `details` carry the same `{ field, rule }` for programs.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query' | 'params' = 'body'): z.output<S> {
  const result = schema.safeParse(input ?? {}, { error: ruleForPeople });
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => {
    const { path, message } = innermost(issue);
    return { field: path.length ? fieldName(path) : where, rule: message };
  });
  throw new ServiceError('validation_failed', details.map((d) => `${d.field}: ${d.rule}`).join('; '), details);
}

/**
 * The issue that says what is wrong: for a union (`text` is a string or a list of strings), the issue
 * of the branch of the value's own kind, at its own path (`text[1]: must be a string`), else the
 * union's own message (what it takes).
 */
function innermost(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  if (issue.code !== 'invalid_union') return { path: issue.path, message: issue.message };
  const ofItsKind = unionBranchIssue(issue.errors);
  if (!ofItsKind) return { path: issue.path, message: issue.message };
  const inner = innermost(ofItsKind);
  return { path: [...issue.path, ...inner.path], message: inner.message };
}

/** A field's path as it is written in JSON: `page_range[0]`, `prompt.total.type`. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${String(part)}`)).join('');
}

/** What a value is, for "must be a number, not a string". */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  // A fraction where a whole number is wanted is said as given: "must be a whole number, not 1.5".
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : String(value);
  return typeof value === 'boolean' ? `${String(value)}` : `a ${typeof value}`;
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  tuple: 'a list',
};

/** The rule a value broke, for zod issues whose schema gave no message of its own; undefined keeps zod's. */
function ruleForPeople(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${EXPECTED[issue.expected] ?? issue.expected}, not ${kindOf(issue.input)}`;
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const limit = Number(small ? issue.minimum : issue.maximum);
      const inclusive = issue.inclusive !== false;
      if (issue.origin === 'string') return small && limit === 1 ? 'must not be empty' : `must be ${small ? 'at least' : 'at most'} ${limit} characters long`;
      if (issue.origin === 'array' || issue.origin === 'set') return small && limit === 1 ? 'must not be empty' : `must hold ${small ? 'at least' : 'at most'} ${limit} items`;
      if (small) return `must be ${inclusive ? 'at least' : 'more than'} ${limit}`;
      return `must be ${inclusive ? 'at most' : 'less than'} ${limit}`;
    }
    case 'invalid_format':
      if (issue.format === 'url') return 'must be a URL, such as https://example.com/scan.pdf';
      return `must be a valid ${issue.format}`;
    case 'invalid_value':
      return `must be ${issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
}
