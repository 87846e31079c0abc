import type { AddressRow } from '@recaudo/domain/addresses';
import { calendarYears, type Coverage } from '@recaudo/domain/months';
import type { DeliveredTicket } from '@recaudo/domain/tickets';

/** Address rows as `GET addresses-payment` answers them, for the tests of this folder. */
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
    start_month: '2026-01',
    months_to_pay: 0,
    payments: [],
    solvent: true,
    solvent_to_date: '2026-04',
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

/** 15 May 2026 in Caracas: the calendar and ticket tests fake only Date, to this moment. */
export const NOW = new Date('2026-05-15T16:00:00Z');

/**
 * A residential address of client 7 served since November 2025: November marked by hand,
 * January held by payment #12; December and February to May owed (5 months).
 */
export function makeAddress(
  overrides: Partial<AddressRow> = {},
  coverage: Coverage[] = [
    { month: '2025-11', payment_id: null, pending: false },
    { month: '2026-01', payment_id: 12, pending: false },
  ],
): AddressRow {
  return addressRow({
    id: 31,
    client_id: 7,
    client: { id: 7, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678' },
    address: 'Calle Páez, casa 12',
    state: { id: 1, name: 'Carabobo' },
    municipality_id: 2,
    municipality: { id: 2, name: 'Valencia' },
    parish_id: 3,
    parish: { id: 3, name: 'San José', date_start: '2024-01-01' },
    community_id: 4,
    community: { id: 4, name: 'Los Pinos', fee: '5.00', date_start: '2025-11-01' },
    fee: '5.00',
    start_month: '2025-11',
    months_to_pay: 5,
    payments: calendarYears('2025-11', coverage, NOW),
    solvent: false,
    solvent_to_date: '2025-11',
    created_at: '2025-11-02T15:00:00Z',
    ...overrides,
  });
}

export const makeTicket = (overrides: Partial<DeliveredTicket> & { validity_date?: string; name?: string } = {}): DeliveredTicket => {
  const { validity_date = '2099-12-31', name = 'Serie Azul', ...rest } = overrides;
  return {
    id: 501,
    ticket_serial: 'A-0001',
    tickets_payment_id: 9,
    tickets_payment: { id: 9, name, color: '#1677ff', status: true, validity_date },
    payment_id: null,
    created_at: '2026-04-01T15:00:00Z',
    ...rest,
  };
};
