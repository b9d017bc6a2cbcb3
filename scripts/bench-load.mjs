// Runs one autocannon load in a worker thread so the load generator does not share
// the server's event loop; posts back every response time for exact percentiles.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const latencies = [];
/** Answers by status, to tell what the non-2xx were. */
const statuses = {};
const instance = autocannon(workerData);
instance.on('response', (_client, status, _bytes, responseTime) => {
  latencies.push(responseTime);
  statuses[status] = (statuses[status] ?? 0) + 1;
});
const result = await instance;
parentPort.postMessage({ latencies, statuses, requestsPerSecond: result.requests.average, non2xx: result.non2xx, errors: result.errors });
