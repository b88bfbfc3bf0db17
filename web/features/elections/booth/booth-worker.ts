import { useEffect, useRef } from 'react';
import type {
  BuildBallotReply,
  BuildBallotRequest,
  SealedBallotJson,
} from '../../../workers/build-ballot.worker.ts';
import type { AuditVerdict } from '../../../../shared/crypto/audit.ts';

/** Why the booth could not make the ballot (an Indonesian sentence for the voter). */
export class BoothError extends Error {}

const WORKER_FAILED = 'Surat suara gagal dienkripsi di peramban ini. Muat ulang dan coba lagi.';

type Build = Omit<Extract<BuildBallotRequest, { type: 'build' }>, 'type' | 'id'>;
type Open = Omit<Extract<BuildBallotRequest, { type: 'open' }>, 'type' | 'id'>;
type Request = Exclude<BuildBallotRequest, { type: 'prepare' }>;
/** A request without its id (the worker class numbers them). */
type Asked = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/** The booth's Web Worker: prepares an election's tables ahead, then builds ballots on request. */
export class BoothWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (value: string) => void; reject: (err: Error) => void }
  >();
  private next = 0;
  /** Set when the worker failed: a new one is needed. */
  broken = false;

  constructor() {
    this.worker = new Worker(new URL('../../../workers/build-ballot.worker.ts', import.meta.url), {
      type: 'module',
    });
    this.worker.addEventListener('message', (e: MessageEvent<BuildBallotReply>) => {
      const waiting = this.pending.get(e.data.id);
      if (!waiting) return;
      this.pending.delete(e.data.id);
      if ('value' in e.data) waiting.resolve(e.data.value);
      else waiting.reject(new BoothError(WORKER_FAILED));
    });
    this.worker.addEventListener('error', () => {
      this.broken = true;
      this.failAll(new BoothError(WORKER_FAILED));
    });
  }

  /** Builds the election key's tables now, so that the ballot itself is quick later. */
  prepare(election: string): void {
    this.worker.postMessage({ type: 'prepare', election } satisfies BuildBallotRequest);
  }

  /** Encrypts, proves and signs a ballot; its randomness comes back with it (never sent unless audited). */
  async build(request: Build): Promise<SealedBallotJson> {
    return JSON.parse(await this.ask({ type: 'build', ...request })) as SealedBallotJson;
  }

  /** Checks a ballot completely and opens it with its randomness: what it really holds. */
  async open(request: Open): Promise<AuditVerdict> {
    return JSON.parse(await this.ask({ type: 'open', ...request })) as AuditVerdict;
  }

  /** The public credential of `credential` in this election (a modular power: off the page). */
  publicCredential(election: string, credential: string): Promise<string> {
    return this.ask({ type: 'public-credential', election, credential });
  }

  private ask(request: Asked): Promise<string> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as BuildBallotRequest);
    });
  }

  close(): void {
    this.worker.terminate();
    this.failAll(new BoothError(WORKER_FAILED));
  }

  private failAll(err: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}

/**
 * The page's booth while a verifiable ballot is shown: one worker, preparing the election's
 * tables as soon as the ballot appears (while the voter reads and chooses), ended with the page.
 */
export function useBoothWorker(election: string | undefined) {
  const booth = useRef<BoothWorker | undefined>(undefined);
  useEffect(() => {
    if (!election || typeof Worker === 'undefined') return;
    const worker = new BoothWorker();
    worker.prepare(election);
    booth.current = worker;
    return () => {
      worker.close();
      if (booth.current === worker) booth.current = undefined;
    };
  }, [election]);
  return booth;
}
