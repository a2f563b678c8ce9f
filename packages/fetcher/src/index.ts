export { classifyAddress, type AddressRefusal, type AddressVerdict } from './address-policy.js';
export { FetchError, fetchErrorHttpStatus, isFetchError, type FetchErrorCode, type FetchErrorDetail } from './errors.js';
export {
  DEFAULT_MAX_REDIRECTS,
  fetchToBuffer,
  fetchUrl,
  type FetchedBuffer,
  type FetchUrlOptions,
  type FetchUrlResult,
} from './fetch-url.js';
export type { AddressClassifier, HostLookup } from './vet-host.js';
export { checkWebhookUrl, postJson, type PostJsonOptions, type PostOutcome } from './post-json.js';
