/** Minimal types for autocannon 9 (ships none): only what the benchmarks use. */
declare module 'autocannon' {
  interface Histogram { average: number; p50: number; p99: number; max: number; /** Samples counted (requests.total: requests completed). */ total: number }
  interface Result { requests: Histogram; latency: Histogram; errors: number; non2xx: number }
  function autocannon(opts: { url: string; connections?: number; duration?: number; pipelining?: number }): Promise<Result>;
  export default autocannon;
}
