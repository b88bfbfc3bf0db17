import { useEffect, useRef } from 'react';
import type { TrusteeReply, TrusteeRequest } from '../../workers/trustee.worker.ts';

/** Why a trustee step failed (an Indonesian sentence for the trustee). */
export class TrusteeError extends Error {}

const WORKER_FAILED = 'Perhitungan kunci gagal di peramban ini. Muat ulang halaman lalu coba lagi.';

type Request = TrusteeRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;
type Success = Exclude<TrusteeReply, { progress: string } | { error: string }>;

/** The trustee's Web Worker: one step at a time, with its progress reported as it goes. */
export class TrusteeWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    {
      resolve: (reply: Success) => void;
      reject: (err: Error) => void;
      progress: (text: string) => void;
    }
  >();
  private next = 0;

  constructor() {
    this.worker = new Worker(new URL('../../workers/trustee.worker.ts', import.meta.url), {
      type: 'module',
    });
    this.worker.addEventListener('message', (e: MessageEvent<TrusteeReply>) => {
      const waiting = this.pending.get(e.data.id);
      if (!waiting) return;
      if ('progress' in e.data) {
        waiting.progress(e.data.progress);
        return;
      }
      this.pending.delete(e.data.id);
      if ('error' in e.data) waiting.reject(new TrusteeError(e.data.error));
      else waiting.resolve(e.data);
    });
    this.worker.addEventListener('error', () => this.failAll(new TrusteeError(WORKER_FAILED)));
  }

  run<T extends object>(request: Request, progress: (text: string) => void): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, {
        resolve: resolve as unknown as (r: Success) => void,
        reject,
        progress,
      });
      const transfer = 'record' in request ? [request.record] : [];
      this.worker.postMessage({ ...request, id } as TrusteeRequest, transfer);
    });
  }

  close(): void {
    this.worker.terminate();
    this.failAll(new TrusteeError(WORKER_FAILED));
  }

  private failAll(err: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}

/** One trustee worker for the page's lifetime. */
export function useTrusteeWorker() {
  const ref = useRef<TrusteeWorker | undefined>(undefined);
  useEffect(() => {
    if (typeof Worker === 'undefined') return;
    const worker = new TrusteeWorker();
    ref.current = worker;
    return () => {
      worker.close();
      if (ref.current === worker) ref.current = undefined;
    };
  }, []);
  return ref;
}
