/** Latency of one scenario: a fixed number of requests, a few at a time, percentiles in ms. */
export interface Scenario {
  name: string;
  budgetMs: number;
  request: (baseUrl: string, iteration: number) => Promise<Response>;
  /** Requests in flight at once; 4 unless the budget is stated for more (issue 46's broad searches: 10). */
  concurrency?: number;
}

export interface Measurement {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  budgetMs: number;
  withinBudget: boolean;
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;

/** Each request's time in ms, sorted, after the warm-up. */
export async function timeRequests(baseUrl: string, scenario: Scenario, requests = 300, concurrency = scenario.concurrency ?? 4): Promise<number[]> {
  // A server started for the measurement compiles its hot paths over the first requests, and
  // each pooled connection that the concurrency reaches prepares the statements and makes
  // PostgreSQL's first five custom plans of each (3–4 ms apiece for a page of addresses) before
  // it settles on the generic plan: as in a server in use, these are warm before the clock runs.
  for (let warm = 0; warm < 50; warm++) await (await scenario.request(baseUrl, warm)).arrayBuffer();
  await runRequests(baseUrl, scenario, 10 * concurrency, concurrency);
  return (await runRequests(baseUrl, scenario, requests, concurrency)).sort((a, b) => a - b);
}

/** `requests` requests, `concurrency` at a time: each one's time in ms, in the order they ended. */
async function runRequests(baseUrl: string, scenario: Scenario, requests: number, concurrency: number): Promise<number[]> {
  const timings: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const iteration = next++;
      const started = performance.now();
      const response = await scenario.request(baseUrl, iteration);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${scenario.name}: HTTP ${response.status}`);
      timings.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return timings;
}

/** The percentiles of sorted timings against the scenario's budget. */
export function summarize(scenario: Scenario, sorted: number[]): Measurement {
  const p95 = percentile(sorted, 0.95);
  return {
    name: scenario.name,
    requests: sorted.length,
    p50: Number(percentile(sorted, 0.5).toFixed(1)),
    p95: Number(p95.toFixed(1)),
    p99: Number(percentile(sorted, 0.99).toFixed(1)),
    budgetMs: scenario.budgetMs,
    withinBudget: p95 <= scenario.budgetMs,
  };
}

export async function measure(baseUrl: string, scenario: Scenario, requests = 300, concurrency = scenario.concurrency ?? 4): Promise<Measurement> {
  return summarize(scenario, await timeRequests(baseUrl, scenario, requests, concurrency));
}
