/** Renders a plan http request (templates, body form) into what the transport sends. */
import type { HttpRequest as PlanHttpRequest } from './types.js';
import type { HttpRequest } from '../transport/http-client.js';
import type { Renderer } from '../types.js';

/** Render a plan http request into what the transport sends. @throws TemplateError */
export function renderHttpRequest(r: PlanHttpRequest, render: Renderer): HttpRequest {
  const headers: Array<[string, string]> = r.headers.map((h) => [h.name, render.text(h.value)]);
  const has = (name: string) => headers.some(([k]) => k.toLowerCase() === name);
  let body: Buffer | null = null;
  if (r.json !== undefined) {
    body = Buffer.from(render.json(r.json), 'utf8');
    if (!has('content-type')) headers.push(['content-type', 'application/json']);
  } else if (r.body !== undefined) {
    body = Buffer.from(render.text(r.body), 'utf8');
  } else if (r.bodyFile !== undefined) {
    body = Buffer.from(r.bodyFile.bytes);
  }
  return { method: r.method, url: render.text(r.url), headers, body, followRedirects: r.followRedirects };
}
