import type { AddressRow } from '@recaudo/domain/addresses';
import { calendarYears, type Coverage } from '@recaudo/domain/months';
import type { DeliveredTicket } from '@recaudo/domain/tickets';
import { addressRow } from '../../test/address-rows';

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
    aging: '4-6',
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
