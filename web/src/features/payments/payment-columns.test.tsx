import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../../components/data-table';
import { makeSession, renderApp } from '../../test/render';
import { paymentColumns, type PaymentColumnOptions } from './payment-columns';
import { paymentRow } from './payment-fixtures';

const never = () => false;
const nothing = () => undefined;
const options: PaymentColumnOptions = {
  showClient: true,
  canOpenClient: true,
  canEdit: never,
  canDelete: never,
  canChangeStatus: false,
  canSeeHistory: false,
  canDownload: never,
  onEdit: nothing,
  onDelete: nothing,
  onApprove: nothing,
  onReject: nothing,
  onNotes: nothing,
  onReceipt: nothing,
  onMailReceipt: nothing,
  onHistory: nothing,
};

describe('Pagos (staff) table cells (issue 51: one line)', () => {
  it('keeps the receipt number, the client id, the amounts with their currency and the date each on one line', () => {
    renderApp(
      <DataTable
        label="Pagos"
        columns={paymentColumns(options)}
        rows={[paymentRow()]}
        rowKey="id"
        total={1}
        page={1}
        perPage={10}
        loading={false}
        failed={false}
        onRetry={nothing}
        onPageChange={nothing}
      />,
      { session: makeSession({ permissions: ['clients'] }) },
    );
    const row = screen.getAllByRole('row')[1]!;
    for (const value of ['00000101', 'V-12345678', 'BS 1.234,50', '$ 33,82', '10-03-2026']) {
      expect(within(row).getByText(value)).toHaveStyle({ whiteSpace: 'nowrap' });
    }
  });
});
