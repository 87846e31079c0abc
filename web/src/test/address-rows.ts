import type { AddressRow } from '@recaudo/domain/addresses';

/** Address rows as `GET addresses-payment` answers them, for the web tests (a residential row, solvent, served since January 2026). */
export function addressRow(overrides: Partial<AddressRow> = {}): AddressRow {
  return {
    id: 1,
    client_id: 10,
    client: { id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678' },
    type: 0,
    address: 'Calle 3, casa 12',
    state_id: 1,
    state: { id: 1, name: 'Miranda' },
    municipality_id: 11,
    municipality: { id: 11, name: 'Sucre' },
    parish_id: 111,
    parish: { id: 111, name: 'Petare', date_start: '2026-01-01' },
    community_id: 1111,
    community: { id: 1111, name: 'La Urbina', fee: '12.50', date_start: '2026-01-01' },
    economic_activity_id: null,
    economic_activity: null,
    is_custom_fee: false,
    fee: '12.50',
    date_start: null,
    opening_paid_through: null,
    start_month: '2026-01',
    months_to_pay: 0,
    aging: null,
    payments: [],
    solvent: true,
    solvent_to_date: '2026-04',
    balance_usd: '0.00',
    fee_changes: [],
    late_fee: null,
    tickets_delivered: [],
    created_by: 1,
    created_at: '2026-01-10T12:00:00Z',
    ...overrides,
  };
}

export const commercialRow = (overrides: Partial<AddressRow> = {}) =>
  addressRow({
    id: 2,
    client_id: 20,
    client: { id: 20, name: 'Panadería La Esquina', identification_type: 'J', identification: '301234567' },
    type: 1,
    address: 'Av. Principal, local 4',
    community_id: null,
    community: null,
    economic_activity_id: 5,
    economic_activity: { id: 5, name: 'Panadería', fee: '30.00', activity_group: { id: 1, name: 'Comercio' } },
    fee: '30.00',
    ...overrides,
  });
