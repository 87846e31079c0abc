import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession, renderApp } from '../../test/render';
import { paymentRow } from './payment-fixtures';
import { PaymentDetails } from './payment-details';

/** What a payment's details show for a missing value (issue 51): staff read VACIO, a client a dash. */
const bare = paymentRow({ number: null, reference: null, terminal: null, lot_number: null, bank: null, bank_id: null, observations: null, checkbook_number: null });

const CLIENT_USER = {
  type: 'client' as const,
  client_id: 10,
  client: { id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678', type: 0 },
  role: { id: 4, name: 'Cliente', key: 'client' },
};

/** The value beside a label of the bordered details (a th and its td). */
const valueOf = async (label: string) => (await screen.findByText(label, { selector: 'th > span' })).closest('th')!.nextElementSibling?.textContent;

describe('PaymentDetails: empty values (issue 51)', () => {
  it('a client reads a dash, never VACIO', async () => {
    renderApp(<PaymentDetails payment={bare} showFiles={false} />, { session: makeSession({ permissions: [], user: CLIENT_USER }) });
    expect(await valueOf('Referencia')).toBe('—');
    expect(document.body.textContent).not.toContain('VACIO');
    expect(await valueOf('Terminal / Lote')).toBe('— / —');
    expect(await valueOf('Observaciones')).toBe('—');
  });

  it('staff keep the project’s VACIO', async () => {
    renderApp(<PaymentDetails payment={bare} showFiles={false} />, { session: makeSession({ permissions: ['payments'] }) });
    expect(await valueOf('Referencia')).toBe('VACIO');
    expect(await valueOf('Terminal / Lote')).toBe('VACIO / VACIO');
  });
});
