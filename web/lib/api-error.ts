/** A refusal from the API, with its Indonesian message and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

const NETWORK_MESSAGE = 'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.';

/** Turns a non-2xx response into an ApiError (the API always answers `{ error: { … } }`). */
export async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as {
      error?: { code?: string; message?: string; fields?: Record<string, string> };
    };
    if (body.error?.message) {
      return new ApiError(
        res.status,
        body.error.code ?? 'ERROR',
        body.error.message,
        body.error.fields,
      );
    }
  } catch {
    // not JSON
  }
  return new ApiError(res.status, 'HTTP_' + res.status, 'Terjadi kesalahan. Silakan coba lagi.');
}

/** How a request reaches the API: the browser's fetch, or the server's own app when it renders. */
export type Transport = (input: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (input, init) => fetch(input, init);

/** Server rendering (web/entry-server.tsx) answers the page's queries in-process. */
export function setTransport(next: Transport): void {
  transport = next;
}

/** fetch that throws an ApiError with an Indonesian message on any failure. */
export async function request(input: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await transport(input, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** POSTs JSON and returns the parsed answer. */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}
