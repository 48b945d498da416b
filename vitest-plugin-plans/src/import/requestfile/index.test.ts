import { describe, expect, it } from 'vitest';
import { importRequestFile } from './index.js';

const run = (text: string) => importRequestFile({ text, file: 'api.http', dir: '/nonexistent', args: [] });
const urls = (text: string) => run(text).plan.tasks.map((t) => (t.steps[0]!.http as { url: string }).url);

describe('importRequestFile', () => {
  it('reads a one-word ### title as the name a response reference uses', () => {
    const text = '### create\nPOST http://x.test/urls\n\n###\nGET http://x.test/{{create.response.body.$}}\n';
    expect(urls(text)[1]).toBe('http://x.test/{{ tasks.create.results.body }}');
    expect(run(text).notTranslated).toEqual([]);
  });

  it('prefixes a bare path with the host variable, as httpyac does', () => {
    const text = '@host = https://api.test/v4\n\nGET /capsules\n';
    expect(urls(text)).toEqual(['{{ env.host }}/capsules']);
    expect(run(text).added.join('\n')).toContain('prefixes it with the host variable');
  });

  it('still takes the origin of a Host header for a bare path', () => {
    expect(urls('GET /a\nHost: api.test:443\n')).toEqual(['https://api.test/a']);
  });
});
