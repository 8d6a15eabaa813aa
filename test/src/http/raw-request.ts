import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** A server's answer, read whole. */
export interface RawReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

export interface RawRequest {
  readonly host: string;
  readonly port: number;
  readonly method: string;
  /** Sent as written (`//[`, no normalisation), which `fetch` would not allow. */
  readonly path: string;
  /** Exactly these headers (`fetch` may drop Host and adds its own). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * One request over node:http on a fresh connection (`agent: false`, so a faked peer never
 * outlives its request), for tests of what a server does with raw input.
 */
export function sendRawRequest({ host, port, method, path, headers = {}, body }: RawRequest): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
