/** HTTP to a running server, as any client sends it: the API suites and the browser tests' set-up share it. */

export interface TestResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A raw body sent as is (webhooks, multipart). */
  raw?: BodyInit;
}

export interface ApiClient {
  baseUrl: string;
  request<T = any>(method: string, urlPath: string, options?: RequestOptions): Promise<TestResponse<T>>;
}

export function createApiClient(baseUrl: string): ApiClient {
  return {
    baseUrl,
    async request<T>(method: string, urlPath: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: BodyInit | undefined = options.raw;
      if (options.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(options.body);
      }
      const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, body });
      // An event stream never ends: its status and headers are the answer (read it with tests/api/support/sse-client.ts).
      if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
        await response.body?.cancel();
        return { status: response.status, body: undefined as T, text: '', headers: response.headers };
      }
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, body: parsed as T, text, headers: response.headers };
    },
  };
}

/** The answer when it has the expected status; otherwise an error that shows what the server said. */
export function expectStatus<T>(response: TestResponse<T>, status: number, what: string): TestResponse<T> {
  if (response.status !== status)
    throw new Error(`${what}: expected ${status}, got ${response.status} ${response.text}`);
  return response;
}
