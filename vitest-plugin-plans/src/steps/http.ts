/** The http step: method, url, headers, json/body/bodyFile, redirects, repeat. */
import { loadHttpRequest } from '../plan/requests/http.js';
import type { HttpRequest as PlanHttpRequest, StepOf } from '../plan/types.js';
import { sendHttp } from './http-send.js';
import type { HttpRequest } from './transport/http-client.js';
import type { Renderer, StepModule } from './types.js';

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

export const httpStep: StepModule<'http'> = {
  kind: 'http',
  load: loadHttpRequest,
  async run(step: StepOf<'http'>, ctx) {
    return sendHttp(renderHttpRequest(step.request, ctx.render), ctx, step.repeat);
  },
};
