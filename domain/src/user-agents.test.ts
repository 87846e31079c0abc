import { describe, expect, it } from 'vitest';
import { EMPTY_TEXT } from './format';
import { browserLabel } from './user-agents';

describe('a session browser as people name it', () => {
  it('is the browser, its major version and the system', () => {
    expect(browserLabel('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.73 Safari/537.36')).toBe('Chrome 156 · Linux');
    expect(browserLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1')).toBe('Safari 17 · iOS');
    expect(browserLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133 · Windows');
  });

  it('keeps a text that names no browser as it came, and shows nothing as the empty mark', () => {
    expect(browserLabel('vitest')).toBe('vitest');
    expect(browserLabel(null)).toBe(EMPTY_TEXT);
  });
});
