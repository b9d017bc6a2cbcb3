// One autocannon load for bench:map, in a worker thread so the load generator does not share the
// server's event loop. Cycles through the view's tile requests; posts back every response time
// (exact percentiles) with the status counts.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const latencies = [];
const instance = autocannon(workerData);
instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
const result = await instance;
parentPort.postMessage({ latencies, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts });
