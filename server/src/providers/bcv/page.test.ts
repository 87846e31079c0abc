import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readBcvPage } from './page';
import { bcvPageHtml } from './simulator-page';

const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8');

describe('reading the BCV page (providers.md §6)', () => {
  it('reads a saved copy of the home page: both blocks padded with spaces and line breaks, and the value date', () => {
    expect(readBcvPage(fixture('bcv-home.html'))).toEqual({ ok: true, page: { valueDate: '2026-12-02', rates: { USD: '245.67140000', EUR: '286.23754310' } } });
  });

  it('reads thousands separators the BCV way', () => {
    const page = bcvPageHtml({ valueDate: '2026-12-02', usd: '1245.6714', eur: '1286.2375431' });
    expect(readBcvPage(page)).toMatchObject({ ok: true, page: { rates: { USD: '1245.67140000', EUR: '1286.23754310' } } });
  });

  it('refuses a changed page, saying what it lacks, and never guesses', () => {
    const read = readBcvPage(fixture('bcv-redesigned.html'));
    expect(read).toEqual({
      ok: false,
      problem: {
        detail: 'La página del BCV no trae el bloque del dólar (id="dolar"), el bloque del euro (id="euro"), la fecha valor (date-display-single)',
        read: { value_date: null, usd: null, eur: null },
      },
    });
  });

  it('refuses a page with only one currency', () => {
    const read = readBcvPage(bcvPageHtml({ valueDate: '2026-12-02', usd: '245.6714', eur: null }));
    expect(read).toMatchObject({ ok: false, problem: { detail: 'La página del BCV no trae el bloque del euro (id="euro")', read: { usd: '245.67140000', eur: null } } });
  });

  it('refuses a number written with a dot decimal (245.67 read the Venezuelan way would be 24 567)', () => {
    const read = readBcvPage(bcvPageHtml({ valueDate: '2026-12-02', usd: '245.6714', eur: '286.2375431', writing: 'dot' }));
    expect(read).toMatchObject({ ok: false, problem: { detail: 'La página del BCV escribe la tasa de otra forma: dólar "245.67140000", euro "286.23754310"' } });
  });

  it('refuses an HTML error page', () => {
    expect(readBcvPage('<html><body><h1>Sitio en mantenimiento</h1></body></html>')).toMatchObject({ ok: false });
  });
});
