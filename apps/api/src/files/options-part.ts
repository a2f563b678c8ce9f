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
