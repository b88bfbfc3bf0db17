// The part of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  };

  type Options = {
    url: string;
    connections?: number;
    amount?: number;
    /** Requests per second from all connections together (open loop). */
    overallRate?: number;
    duration?: number;
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: (Request & {
      setupRequest?: (req: Request) => Request;
    })[];
  };

  type Histogram = {
    average: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  };

  export type Result = {
    latency: Histogram;
    requests: Histogram & { total: number };
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  };

  /** The running instance: awaitable for the result, and an emitter of every answer. */
  type Instance = PromiseLike<Result> & {
    on(
      event: 'response',
      listener: (
        client: unknown,
        statusCode: number,
        resBytes: number,
        responseTime: number,
      ) => void,
    ): Instance;
  };

  function autocannon(opts: Options): Instance;
  export default autocannon;
}
