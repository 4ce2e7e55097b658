import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export type RecordedRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
};

/** A stand-in for the analytics and error-reporting services: records every request, answers 200 with CORS. */
export async function startRecorder(
  port: number,
): Promise<{ requests: RecordedRequest[]; close: () => Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader(
        'Access-Control-Allow-Origin',
        request.headers.origin ?? '*',
      );
      response.setHeader('Access-Control-Allow-Credentials', 'true');
      response.setHeader(
        'Access-Control-Allow-Headers',
        request.headers['access-control-request-headers'] ?? '*',
      );
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      if (request.method !== 'OPTIONS')
        requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      response.end(request.url?.startsWith('/track') ? '1' : '{}');
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(port, '127.0.0.1', resolve),
  );
  return {
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A browser's keep-alive connection would otherwise hold the port until it times out.
        server.closeAllConnections();
      }),
  };
}

/** The events of Mixpanel's `/track` requests (form body `data=` holding base64 or plain JSON). */
export function analyticsEvents(
  requests: RecordedRequest[],
): Array<{ event: string; properties: Record<string, unknown> }> {
  return requests
    .filter((request) => request.url.startsWith('/track'))
    .flatMap((request) => {
      const data = new URLSearchParams(request.body).get('data') ?? '';
      const text =
        data.trim().startsWith('{') || data.trim().startsWith('[')
          ? data
          : Buffer.from(data, 'base64').toString('utf8');
      const parsed = JSON.parse(text) as unknown;
      return (Array.isArray(parsed) ? parsed : [parsed]) as Array<{
        event: string;
        properties: Record<string, unknown>;
      }>;
    });
}

/** The exception messages of the error-reporting envelopes (newline-separated JSON items). */
export function reportedErrors(requests: RecordedRequest[]): string[] {
  return requests
    .filter((request) => request.url.includes('/envelope/'))
    .flatMap((request) =>
      request.body
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map(
          (line) =>
            JSON.parse(line) as {
              exception?: { values?: Array<{ value?: string }> };
            },
        )
        .flatMap(
          (item) =>
            item.exception?.values?.map((value) => value.value ?? '') ?? [],
        ),
    );
}
