/**
 * `runner import commandline -- curl …`: a curl command line → a plan with
 * one task per URL, each one http step. The URL's origin goes into
 * `env.base` (so `RUNNER_ENV_BASE` points the plan elsewhere); credentials
 * in -u, --oauth2-bearer, -b, headers, the query and credential-named data
 * fields become env secrets read from the process environment; what curl
 * does that a plan cannot is listed. The decisions are in
 * docs/import-collection-curl.md.
 */
import { createTaskNamer } from '../names.js';
import { ImportInputError, type Importer, type TaskDoc } from '../types.js';
import { camelIdentifier, escapeTemplate, headerSecret, jsonForPlan, mapJsonStrings, MULTIPART_BOUNDARY, secretFormValues, secretQueryValues } from '../collection/http-parts.js';
import { VariableScope, type Notes } from '../collection/variables.js';
import { parseCurlArgs, type CurlCommand } from './args.js';
import { assembleData, assembleForm } from './data.js';

/**
 * Translates a curl command line (the words after `--`).
 * @example importCommandLine({ text: '', file: 'commandline', dir: process.cwd(), args: ['curl', '-sSL', 'https://api.example.com/v1/users'] })
 */
export const importCommandLine: Importer = (input) => {
  const cmd = parseCurlArgs(input.args);
  if (cmd.urls.length === 0) throw new ImportInputError('no URL in the curl command line');
  const notes: Notes = { added: [], notTranslated: [] };
  const urls = cmd.urls.map((u) => parseUrl(u, notes));
  for (const u of urls) {
    // curl sends URL credentials as -u would; they must not stay in the plan's URL.
    if (u.username !== '' && cmd.user === undefined) cmd.user = decodeURIComponent(`${u.username}:${u.password}`);
    u.username = '';
    u.password = '';
  }
  const origins = [...new Set(urls.map((u) => u.origin))];
  const vars = new VariableScope(notes, origins.map((o, i) => ({ key: i === 0 ? 'base' : `base${i + 1}`, value: o, secret: false })));
  for (const flag of cmd.unsupported) notes.notTranslated.push(`curl flag ${flag}`);

  const headers = requestHeaders(cmd, notes);
  let body: Record<string, unknown> = {};
  let query = '';
  const set = (name: string, value: string) => {
    if (!Object.keys(headers).some((k) => k.toLowerCase() === name.toLowerCase())) headers[name] = value;
  };
  if (cmd.form.length > 0) {
    if (cmd.data.length > 0) notes.notTranslated.push('curl -d together with -F (curl refuses the mix); the data was left out');
    body = { body: escapeTemplate(assembleForm(cmd.form, notes)) };
    set('Content-Type', `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`);
    notes.added.push(`multipart/form-data body with the boundary ${MULTIPART_BOUNDARY} (invented)`);
  } else {
    const data = assembleData(cmd.data, input.dir, notes);
    const json = cmd.data.some((p) => p.kind === 'json');
    if (data && cmd.get) {
      if ('file' in data) notes.notTranslated.push(`curl -G with data from @${data.file}`);
      else query = data.text;
    } else if (data) {
      if (json) {
        set('Content-Type', 'application/json');
        set('Accept', 'application/json');
      } else set('Content-Type', 'application/x-www-form-urlencoded');
      if ('file' in data) {
        body = { bodyFile: data.file };
        notes.added.push(`bodyFile: ${data.file} is read relative to the plan; save the plan in the folder the command ran in (${input.dir}), or change the path`);
      } else {
        const contentType = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
        // A password in the data becomes an env secret, as one in a header or the query does.
        const secret = (n: string, v: string) => `{{ env.${vars.literalSecret(camelIdentifier(n), v, `the ${n} field of the command line's data`)} }}`;
        const parsed = /\bjson\b/i.test(contentType) ? jsonForPlan(data.text) : undefined;
        const form = /^application\/x-www-form-urlencoded\b/i.test(contentType);
        body = parsed ? { json: mapJsonStrings(parsed.value, escapeTemplate, secret) }
          : { body: form ? secretFormValues(escapeTemplate(data.text), secret) : escapeTemplate(data.text) };
      }
    }
  }
  const method = cmd.method ?? (cmd.head ? 'HEAD' : (cmd.form.length > 0 || cmd.data.length > 0) && !cmd.get ? 'POST' : 'GET');
  if (!/^[A-Za-z]+$/.test(method)) throw new ImportInputError(`curl -X ${method}: not an HTTP method`);

  const http: Record<string, unknown> = {};
  if (cmd.location) http.followRedirects = true;
  if (cmd.maxTime !== undefined) {
    if (/^\d+(\.\d+)?$/.test(cmd.maxTime)) http.timeout = `${cmd.maxTime}s`;
    else notes.notTranslated.push(`curl flag --max-time ${cmd.maxTime} (not a number of seconds)`);
  }
  if (cmd.insecure) notes.added.push('curl -k: a plan has no per-request TLS switch; run it with runner run --insecure-skip-verify');
  if (cmd.compressed) notes.added.push('curl --compressed: no Accept-Encoding header, since the http step does not decompress; the body is checked as curl shows it');

  const namer = createTaskNamer();
  const tasks: TaskDoc[] = urls.map((u) => {
    const base = origins.indexOf(u.origin) === 0 ? 'base' : `base${origins.indexOf(u.origin) + 1}`;
    let path = u.pathname + u.search;
    if (query) path += `${u.search ? '&' : '?'}${query}`;
    const name = namer(`${method.toLowerCase()} ${u.pathname === '/' ? u.host : u.pathname}`);
    const step = {
      http: { method, url: `{{ env.${base} }}${secretQueryValues(escapeTemplate(path), (n, v) => `{{ env.${vars.literalSecret(camelIdentifier(n), v, `the ${n} query parameter of the command line`)} }}`)}`, ...(Object.keys(headers).length ? { headers: secretHeaders(headers, vars, cmd.user) } : {}), ...body, ...http },
      assert: ['status < 400'],
    };
    return { name, steps: [step] };
  });
  notes.added.push('assert status < 400 (curl checks nothing; this is what curl --fail counts as success)');
  const env = vars.envDoc();
  return { plan: { ...(env ? { env } : {}), tasks }, added: notes.added, notTranslated: notes.notTranslated };
};

/** The URL as WHATWG reads it; credentials in it move to -u, a missing scheme is http://. */
function parseUrl(text: string, notes: Notes): URL {
  let withScheme = text;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) {
    withScheme = `http://${text}`;
    notes.added.push(`http:// before ${text}, which names no scheme (curl's default)`);
  }
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ImportInputError(`${JSON.stringify(text)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImportInputError(`${text}: only http and https URLs become http steps`);
  return url;
}

/** Headers from -H, -A, -e, -b, -u, --oauth2-bearer and URL credentials, as curl would send them. */
function requestHeaders(cmd: CurlCommand, notes: Notes): Record<string, string> {
  const headers: Record<string, string> = {};
  const has = (name: string) => Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  for (const h of cmd.headers) {
    if (h.startsWith('@')) {
      notes.notTranslated.push(`curl -H ${h} (headers from a file)`);
      continue;
    }
    const m = /^([^:;]+)(?:(:)\s*(.*)|;\s*)$/s.exec(h);
    if (!m) {
      notes.notTranslated.push(`curl -H ${JSON.stringify(h)} (not Name: value)`);
      continue;
    }
    const [, name, colon, value = ''] = m;
    // `Name:` with no value removes a header curl adds itself; a plan adds none of curl's.
    if (colon && value === '') continue;
    const have = has(name!.trim());
    if (have) headers[have] += `, ${value}`;
    else headers[name!.trim()] = value;
  }
  if (cmd.userAgent !== undefined && !has('user-agent')) headers['User-Agent'] = cmd.userAgent;
  if (cmd.referer !== undefined && !has('referer')) headers.Referer = cmd.referer.replace(/;auto$/, '');
  const cookies: string[] = [];
  for (const c of cmd.cookies) {
    if (c.includes('=')) cookies.push(c);
    else notes.notTranslated.push(`curl flag -b ${c} (a cookie file)`);
  }
  if (cookies.length > 0 && !has('cookie')) headers.Cookie = cookies.join('; ');
  if (cmd.user !== undefined && cmd.authScheme !== undefined) {
    notes.notTranslated.push(`curl flag ${cmd.authScheme} (with -u ${cmd.user.split(':')[0]}: only Basic authentication becomes a header)`);
  } else if (cmd.user !== undefined && !has('authorization')) headers.Authorization = `Basic ${cmd.user}`;
  if (cmd.oauth2Bearer !== undefined) {
    if (has('authorization')) notes.notTranslated.push('curl flag --oauth2-bearer (the Authorization header is already set by -H or -u)');
    else headers.Authorization = `Bearer ${cmd.oauth2Bearer}`;
  }
  return headers;
}

/** Header values as templates: credentials become env secrets, any other `{{` is literal. */
function secretHeaders(headers: Record<string, string>, vars: VariableScope, user: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const s = headerSecret(name, value);
    if (!s) {
      out[name] = escapeTemplate(value);
      continue;
    }
    // `-u user:pass` arrives here as `Basic user:pass`: the credential still needs base64.
    const fromU = user !== undefined && name === 'Authorization' && value === `Basic ${user}`;
    const login = fromU ? user.split(':')[0] : '';
    const hint = fromU
      ? `; set it to the base64 of ${login}:<password>, e.g. printf '%s' '${login}:<password>' | base64 (plan templates have no base64 function)`
      : s.basic ? ' (the base64 credential the command line sent)' : '';
    const id = vars.literalSecret(s.envName, s.secret, `the ${name} header of the command line`, hint);
    out[name] = `${escapeTemplate(s.prefix)}{{ env.${id} }}`;
  }
  return out;
}
