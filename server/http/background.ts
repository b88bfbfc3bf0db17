import type { Logger } from '../runtime/logger.ts';

/**
 * Work a request starts and does not wait for (its answer must not depend on the outcome, such
 * as a registration that answers alike whatever it finds). Shutdown waits for what is running.
 */
export class BackgroundWork {
  readonly #running = new Set<Promise<void>>();
  readonly #logger: Logger;
  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Starts `task` now; a failure is logged under `what`. */
  run(what: string, task: () => Promise<void>) {
    const p = task()
      .catch((err: unknown) => this.#logger.error({ err }, `${what} failed`))
      .finally(() => this.#running.delete(p));
    this.#running.add(p);
  }

  /** Resolves once everything started so far has finished. */
  async settled() {
    while (this.#running.size) await Promise.all([...this.#running]);
  }
}
