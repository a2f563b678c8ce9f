export { asEnv, backendEnv, newPrefix, s3EnvOf, startServers, type Backend, type PrivateServers, type S3Env } from './backend.js';
export { ROOT, SERVICE_VARS, killAll, shellEnv, startApp, startApps, workerId, type AppName, type AppProcess, type StartAppOptions } from './apps.js';
export { startLauncher, type LauncherService } from './launcher.js';
export { ApiClient, bearer, type Answer } from './api-client.js';
export { collectLogLines, parseLogLines, readLogEntries, tailOf, type LogEntry } from './logs.js';
export { childProcesses, isRunning, procMemory, processTable, processTree, stopProcess, type ProcessEntry } from './processes.js';
