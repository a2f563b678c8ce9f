export { startRedisServer, stopChild, RedisServerMissingError, type EmbeddedRedis, type RedisServerOptions } from './redis-server.js';
export { startS3Server, type EmbeddedS3, type S3ServerOptions } from './s3-server.js';
export { freePort } from './free-port.js';
export { which } from './which.js';
export { isRunning } from './is-running.js';
