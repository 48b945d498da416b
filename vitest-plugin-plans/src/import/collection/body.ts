/**
 * Postman request bodies → the http step's `json:` or `body:`. JSON goes to
 * `json:` only when it parses and keeps its meaning (http-parts.ts
 * `jsonForPlan`); raw JSON with `{{var}}` placeholders where a value goes
 * does not parse, and is sent as templated text with its Content-Type, as
 * Postman sends it. Form bodies are encoded here because the plan has no
 * form key; file parts and file bodies are listed: the plan cannot name a
 * file the exporter's machine held.
 */
import type { PmBodyJson, PmPair } from './sdk.js';
import { camelIdentifier, encodeOutsideHoles, formEncode, jsonForPlan, mapJsonStrings, MULTIPART_BOUNDARY, multipartBody, rawContentType, secretFormValues, type FormPart } from './http-parts.js';
import type { Notes, VariableScope } from './variables.js';

/** The body keys of the http step, and the headers the body needs. */
export interface BodyParts {
  json?: unknown;
  body?: string;
  /** Content-Type to send when the request does not set one. */
  contentType?: string;
  /** Content-Type that replaces the request's own (multipart needs its boundary). */
  forceContentType?: string;
}

/** What translating a body needs from the request around it. */
export interface BodyContext {
  vars: VariableScope;
  notes: Notes;
  /** The request, as messages name it. */
  where: string;
  /** The Content-Type header the request sets, if any. */
  contentType: string | undefined;
}

const enabled = (pairs: PmPair[] | undefined) => (pairs ?? []).filter((p) => !p.disabled);
const str = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** Translates a request body. */
export function translateBody(body: PmBodyJson | undefined, ctx: BodyContext): BodyParts {
  if (!body || body.disabled || !body.mode) return {};
  const t = (text: string) => ctx.vars.template(text, ctx.where);
  // A password typed into a login body becomes an env secret, as one in a header or the query does.
  const secret = (name: string, literal: string) => `{{ env.${ctx.vars.literalSecret(camelIdentifier(name), literal, `the ${name} field of the body of ${ctx.where}`)} }}`;
  switch (body.mode) {
    case 'raw': {
      const raw = str(body.raw);
      if (raw === '') return {};
      // Postman's raw default is Text: with no language it sends text/plain.
      const language = body.options?.raw?.language ?? 'text';
      if (language === 'json' || /\bjson\b/i.test(ctx.contentType ?? '')) {
        const parsed = jsonForPlan(raw);
        if (parsed) return { json: mapJsonStrings(parsed.value, t, secret) };
      }
      const contentType = ctx.contentType ? undefined : rawContentType(language);
      if (contentType) ctx.notes.added.push(`${ctx.where}: header Content-Type: ${contentType} (Postman sends it for a raw ${language} body)`);
      const text = /^application\/x-www-form-urlencoded\b/i.test(ctx.contentType ?? '') ? secretFormValues(t(raw), secret) : t(raw);
      return { body: text, contentType };
    }
    case 'urlencoded': {
      const pairs = enabled(body.urlencoded);
      const encoded = pairs.map((p) => `${encodeOutsideHoles(t(p.key ?? ''), formEncode)}=${encodeOutsideHoles(t(str(p.value)), formEncode)}`);
      const text = secretFormValues(encoded.join('&'), secret);
      if (text.includes('{{')) ctx.notes.added.push(`${ctx.where}: the urlencoded body's template values are sent as they are, not URL-encoded`);
      return { body: text, contentType: 'application/x-www-form-urlencoded' };
    }
    case 'formdata': {
      const parts: FormPart[] = [];
      for (const p of enabled(body.formdata)) {
        if (p.type === 'file') {
          ctx.notes.notTranslated.push(`${ctx.where}: form-data file field ${JSON.stringify(p.key ?? '')}${p.src ? ` (${str(p.src)})` : ''}`);
          continue;
        }
        parts.push({ name: t(p.key ?? ''), value: t(str(p.value)), contentType: p.contentType });
      }
      ctx.notes.added.push(`${ctx.where}: multipart/form-data body with the boundary ${MULTIPART_BOUNDARY} (invented)`);
      return { body: multipartBody(parts), forceContentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` };
    }
    case 'graphql': {
      const query = str(body.graphql?.query);
      // Postman writes variables as JSON text; other tools write the object itself.
      const vars: unknown = body.graphql?.variables;
      const varsText = typeof vars === 'string' ? vars.trim() : str(vars);
      const json: Record<string, unknown> = { query: t(query) };
      if (varsText !== '') {
        const parsed = jsonForPlan(varsText);
        if (parsed) json.variables = mapJsonStrings(parsed.value, t, secret);
        else ctx.notes.notTranslated.push(`${ctx.where}: GraphQL variables that are not JSON (${varsText.slice(0, 60)})`);
      }
      return { json };
    }
    case 'file':
      ctx.notes.notTranslated.push(`${ctx.where}: file body${body.file?.src ? ` (${body.file.src})` : ''}; write bodyFile: with a path relative to the plan`);
      return {};
    default:
      ctx.notes.notTranslated.push(`${ctx.where}: body mode ${body.mode}`);
      return {};
  }
}
