import type { Mount } from '../route.js';
import { adminQueuesMount } from './admin-queues.js';
import { webPageMount } from './web-page.js';

/** What is served besides the operations: the web page and the queue dashboard. */
export const MOUNTS: readonly Mount[] = [webPageMount, adminQueuesMount];
