import type { Logger } from 'pino';
import type { Jobs } from './jobs.js';

/**
 * Sends a job to `queue` now and every `seconds` from each worker process; pg-boss keeps one job
 * per interval whatever the number of replicas (a throttled job), so a pass safe to run twice runs
 * about once per interval. Returns the function that stops the timer.
 */
export function sendEvery(log: Logger, jobs: Jobs, queue: string, seconds: number): () => void {
  const send = () =>
    jobs.sendThrottled(queue, {}, seconds).catch((err: unknown) => {
      log.warn({ err, queue }, 'could not schedule a periodic pass');
    });
  void send();
  const timer = setInterval(() => void send(), seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
