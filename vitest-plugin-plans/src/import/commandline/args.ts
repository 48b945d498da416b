/**
 * curl's arguments → what the request says. The shell already split the
 * words, so there is no tokenizer here: only curl's own option syntax
 * (`-H value`, `-Hvalue`, clusters like `-sSL` and `-XPOST`, `--long value`,
 * and `--long=value`, which curl itself does not take but people write).
 * Every option curl documents as taking an argument is in the table, the
 * ones the importer does not translate too, so an unsupported option never
 * swallows the URL as its value or leaves its value to be read as a URL.
 */
import { ImportInputError } from '../types.js';

/** One piece of request data, in command-line order. */
export interface DataPiece {
  /** `ascii`: -d (an @file has its line breaks removed); `raw`: --data-raw; `binary`: --data-binary; `urlencode`; `json`: --json. */
  kind: 'ascii' | 'raw' | 'binary' | 'urlencode' | 'json';
  value: string;
}

/** One -F / --form-string argument. */
export interface FormArg {
  value: string;
  /** --form-string: no `@file` or `<file` meaning. */
  literal: boolean;
}

/** What the command line asks for, before it becomes a plan. */
export interface CurlCommand {
  urls: string[];
  method?: string;
  head: boolean;
  get: boolean;
  headers: string[];
  data: DataPiece[];
  form: FormArg[];
  user?: string;
  /** --digest, --ntlm, --negotiate, --anyauth: -u is then not Basic. */
  authScheme?: string;
  oauth2Bearer?: string;
  cookies: string[];
  userAgent?: string;
  referer?: string;
  location: boolean;
  insecure: boolean;
  compressed: boolean;
  maxTime?: string;
  /** Options that change what is sent or how, left out: `--proxy http://p:3128`. */
  unsupported: string[];
}

type Handler = (c: CurlCommand, value: string) => void;
interface Option { short?: string; arg: boolean; on?: Handler; off?: (c: CurlCommand) => void }

const data = (kind: DataPiece['kind']): Handler => (c, v) => c.data.push({ kind, value: v });
/** Options that change only curl's own output or progress display: dropped, documented. */
const QUIET: Handler = () => {};

/** The options the parser knows, by long name. `on` missing: listed as not translated. */
export const OPTIONS: Record<string, Option> = {
  url: { arg: true, on: (c, v) => c.urls.push(v) },
  request: { short: 'X', arg: true, on: (c, v) => (c.method = v) },
  header: { short: 'H', arg: true, on: (c, v) => c.headers.push(v) },
  data: { short: 'd', arg: true, on: data('ascii') },
  'data-ascii': { arg: true, on: data('ascii') },
  'data-raw': { arg: true, on: data('raw') },
  'data-binary': { arg: true, on: data('binary') },
  'data-urlencode': { arg: true, on: data('urlencode') },
  json: { arg: true, on: data('json') },
  get: { short: 'G', arg: false, on: (c) => (c.get = true) },
  head: { short: 'I', arg: false, on: (c) => (c.head = true) },
  form: { short: 'F', arg: true, on: (c, v) => c.form.push({ value: v, literal: false }) },
  'form-string': { arg: true, on: (c, v) => c.form.push({ value: v, literal: true }) },
  user: { short: 'u', arg: true, on: (c, v) => (c.user = v) },
  basic: { arg: false, on: (c) => (c.authScheme = undefined) },
  digest: { arg: false, on: (c) => (c.authScheme = '--digest') },
  ntlm: { arg: false, on: (c) => (c.authScheme = '--ntlm') },
  negotiate: { arg: false, on: (c) => (c.authScheme = '--negotiate') },
  anyauth: { arg: false, on: (c) => (c.authScheme = '--anyauth') },
  'oauth2-bearer': { arg: true, on: (c, v) => (c.oauth2Bearer = v) },
  cookie: { short: 'b', arg: true, on: (c, v) => c.cookies.push(v) },
  'user-agent': { short: 'A', arg: true, on: (c, v) => (c.userAgent = v) },
  referer: { short: 'e', arg: true, on: (c, v) => (c.referer = v) },
  location: { short: 'L', arg: false, on: (c) => (c.location = true), off: (c) => (c.location = false) },
  insecure: { short: 'k', arg: false, on: (c) => (c.insecure = true), off: (c) => (c.insecure = false) },
  compressed: { arg: false, on: (c) => (c.compressed = true), off: (c) => (c.compressed = false) },
  'max-time': { short: 'm', arg: true, on: (c, v) => (c.maxTime = v) },
  silent: { short: 's', arg: false, on: QUIET },
  'show-error': { short: 'S', arg: false, on: QUIET },
  verbose: { short: 'v', arg: false, on: QUIET },
  include: { short: 'i', arg: false, on: QUIET },
  output: { short: 'o', arg: true, on: QUIET },
  'remote-name': { short: 'O', arg: false, on: QUIET },
  fail: { short: 'f', arg: false, on: QUIET },
  'fail-with-body': { arg: false, on: QUIET },
  'progress-bar': { short: '#', arg: false, on: QUIET },
  'no-progress-meter': { arg: false, on: QUIET },
  'write-out': { short: 'w', arg: true, on: QUIET },
  'dump-header': { short: 'D', arg: true, on: QUIET },
  trace: { arg: true, on: QUIET },
  'trace-ascii': { arg: true, on: QUIET },
  'trace-time': { arg: false, on: QUIET },
  'no-buffer': { short: 'N', arg: false, on: QUIET },
  globoff: { short: 'g', arg: false, on: QUIET },
  'cookie-jar': { short: 'c', arg: true, on: QUIET },
  'create-dirs': { arg: false, on: QUIET },
  stderr: { arg: true, on: QUIET },
  disable: { short: 'q', arg: false, on: QUIET },
  // Known, taking an argument, not translated.
  proxy: { short: 'x', arg: true }, 'proxy-user': { short: 'U', arg: true }, cacert: { arg: true }, capath: { arg: true },
  cert: { short: 'E', arg: true }, key: { arg: true }, 'cert-type': { arg: true }, 'key-type': { arg: true }, pass: { arg: true },
  resolve: { arg: true }, 'connect-to': { arg: true }, retry: { arg: true }, 'retry-delay': { arg: true }, 'retry-max-time': { arg: true },
  'connect-timeout': { arg: true }, 'max-redirs': { arg: true }, 'limit-rate': { arg: true }, range: { short: 'r', arg: true },
  'upload-file': { short: 'T', arg: true }, 'time-cond': { short: 'z', arg: true }, interface: { arg: true }, 'dns-servers': { arg: true },
  'unix-socket': { arg: true }, 'abstract-unix-socket': { arg: true }, config: { short: 'K', arg: true }, 'aws-sigv4': { arg: true },
  'request-target': { arg: true }, 'local-port': { arg: true }, 'netrc-file': { arg: true }, 'speed-limit': { short: 'Y', arg: true },
  'speed-time': { short: 'y', arg: true }, 'max-filesize': { arg: true }, 'continue-at': { short: 'C', arg: true }, 'proto': { arg: true },
  'proto-redir': { arg: true }, ciphers: { arg: true }, 'variable': { arg: true }, expand: { arg: true }, 'parallel-max': { arg: true },
  'happy-eyeballs-timeout-ms': { arg: true }, 'keepalive-time': { arg: true }, 'expect100-timeout': { arg: true },
};

/** The option of a long name; `Object.hasOwn`, so `--constructor` is unknown, not Object's own. */
const optionOf = (name: string): Option | undefined => (Object.hasOwn(OPTIONS, name) ? OPTIONS[name] : undefined);

const SHORT: Record<string, string> = Object.fromEntries(Object.entries(OPTIONS).filter(([, o]) => o.short).map(([name, o]) => [o.short!, name]));

/** An empty command. */
function emptyCommand(): CurlCommand {
  return { urls: [], head: false, get: false, headers: [], data: [], form: [], cookies: [], location: false, insecure: false, compressed: false, unsupported: [] };
}

/**
 * Parses curl's arguments (a leading `curl` word is dropped).
 * @example parseCurlArgs(['curl', '-sSL', '-XPOST', 'https://x/y']).method // 'POST'
 */
export function parseCurlArgs(args: string[]): CurlCommand {
  const c = emptyCommand();
  const words = args[0] === 'curl' ? args.slice(1) : [...args];
  const use = (name: string, shown: string, inline: string | undefined, i: number): number => {
    const opt = optionOf(name);
    if (!opt) {
      c.unsupported.push(shown);
      return i;
    }
    let value = '';
    if (opt.arg) {
      if (inline !== undefined) value = inline;
      else if (i + 1 < words.length) value = words[++i]!;
      else throw new ImportInputError(`curl option ${shown} needs a value`);
    } else if (inline !== undefined) {
      throw new ImportInputError(`curl option ${shown} takes no value (found ${shown}=${inline})`);
    }
    if (opt.on) opt.on(c, value);
    else c.unsupported.push(opt.arg ? `${shown} ${shownValue(shown, value)}` : shown);
    return i;
  };
  let onlyUrls = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (onlyUrls || !w.startsWith('-') || w === '-') {
      c.urls.push(w);
    } else if (w === '--') {
      onlyUrls = true;
    } else if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const written = eq < 0 ? w.slice(2) : w.slice(2, eq);
      // curl 7 matched long names without regard to case, and scripts written then say `--data-urlEncode`.
      const name = optionOf(written) || !optionOf(written.toLowerCase()) ? written : written.toLowerCase();
      const inline = eq < 0 ? undefined : w.slice(eq + 1);
      const negated = name.startsWith('no-') && optionOf(name.slice(3)) && !optionOf(name.slice(3))!.arg;
      if (negated) {
        const opt = optionOf(name.slice(3))!;
        if (opt.off) opt.off(c);
        else if (!opt.on) c.unsupported.push(`--${name}`);
      } else i = use(name, `--${name}`, inline, i);
    } else {
      // A cluster: each letter an option; the first that takes a value takes the rest of the word (or the next word).
      for (let j = 1; j < w.length; j++) {
        const letter = w[j]!;
        const name = SHORT[letter];
        if (!name) {
          c.unsupported.push(`-${letter}`);
          continue;
        }
        const rest = w.slice(j + 1);
        if (OPTIONS[name]!.arg) {
          i = use(name, `-${letter}`, rest === '' ? undefined : rest, i);
          break;
        }
        use(name, `-${letter}`, undefined, i);
      }
    }
  }
  return c;
}

// Flags whose value may be a credential (`--proxy-user u:pw`, `-U`, `--pass`, `--oauth2-bearer`,
// `--aws-sigv4`, `--key`): a `not translated:` line is printed, so their value never is.
const SECRET_FLAG = /user|-U$|pass|token|bearer|key|secret|auth|cookie|header|oauth|sigv4|netrc|cert|-E$/i;

/** An untranslated flag's value as printed: hidden for credential flags; a URL without its user info. */
function shownValue(flag: string, value: string): string {
  if (SECRET_FLAG.test(flag)) return '<value not shown>';
  return value.replace(/\/\/[^/@\s]*@/g, '//<user info not shown>@');
}
