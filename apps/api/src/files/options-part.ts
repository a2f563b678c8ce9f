import { ServiceError } from '@docsvc/schemas';

/**
 * A multipart `body` part: options as JSON, or nothing (empty, "null", or the literal text
 * "undefined" the official client sends when it has none). `what` names the options in the error.
 */
export function parseOptionsPart(text: string, what: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'undefined' || trimmed === 'null') return {};
  try {
    return JSON.parse(trimmed);
  } catch {
    throw new ServiceError('invalid_json', `the multipart "body" part must hold the ${what} as JSON`);
  }
}

/**
 * A multipart field part: the options of the `body` part. Any other field is refused: an option sent
 * as a part of its own (curl's `-F prompt=...`) would otherwise be ignored without a word.
 * `example` shows the body part for the route.
 */
export function optionsOfField(part: { fieldname: string; value: unknown }, what: string, example: string): unknown {
  if (part.fieldname === 'body') return parseOptionsPart(String(part.value), what);
  throw new ServiceError('validation_failed', `the multipart body has a part "${part.fieldname}": send the ${what} as JSON in one part named "body", e.g. -F '${example}'`, [
    { field: part.fieldname, rule: 'unknown multipart part: the options go as JSON in the "body" part' },
  ]);
}
