import { calendarYears, type CalendarYear, type Month } from '@recaudo/domain/months';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MonthCalendar } from './month-calendar';

// 15 May 2026 in Caracas: only Date is faked, so antd's and user-event's timers run as usual.
const NOW = new Date('2026-05-15T16:00:00Z');
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => vi.useRealTimers());

/** Service from March 2024; Jan 2026 paid by hand, Feb 2026 held by payment #12, Mar 2026 by #13 still in process. */
const years = () =>
  calendarYears(
    '2024-03',
    [
      { month: '2026-01', payment_id: null, pending: false },
      { month: '2026-02', payment_id: 12, pending: false },
      { month: '2026-03', payment_id: 13, pending: true },
    ],
    NOW,
  );

function Harness({ data = years(), readOnly = false, onToggle }: { data?: CalendarYear[]; readOnly?: boolean; onToggle?: (month: Month) => void }) {
  const [selected, setSelected] = useState<ReadonlySet<Month>>(new Set());
  return (
    <MonthCalendar
      years={data}
      selected={selected}
      readOnly={readOnly}
      onToggle={(month) => {
        onToggle?.(month);
        setSelected((current) => {
          const next = new Set(current);
          if (next.has(month)) next.delete(month);
          else next.add(month);
          return next;
        });
      }}
    />
  );
}

const month = (name: string | RegExp) => screen.getByRole('button', { name });

describe('MonthCalendar', () => {
  it('shows a month the balance completed "Con abonos" and the oldest owed month as "abonado $ 3,00 de $ 5,00" (issue 50)', () => {
    const data = calendarYears(
      '2026-03',
      [{ month: '2026-03', payment_id: null, pending: false, from_balance: true }],
      NOW,
      null,
      { price_usd: '5.00', toward_oldest_usd: '3.00' },
    );
    render(<Harness data={data} readOnly />);
    expect(month('Marzo 2026: pagado con abonos')).toHaveTextContent('MarCon abonos');
    expect(month('Abril 2026: abonado $ 3,00 de $ 5,00')).toHaveTextContent('Abrabonado $ 3,00 de $ 5,00');
    expect(month('Mayo 2026: pendiente por pagar')).toHaveTextContent('MayPor pagar');
  });

  it('shows an owed month\'s late-payment surcharge on its tile and in its description (issue 50)', () => {
    const data = calendarYears('2026-03', [], NOW, null, { price_usd: '5.00', toward_oldest_usd: null, surcharge_of: (late) => (late === '2026-03' ? '0.20' : null) });
    render(<Harness data={data} readOnly />);
    expect(month('Marzo 2026: pendiente por pagar')).toHaveTextContent('MarPor pagar+ $ 0,20');
    expect(month('Marzo 2026: pendiente por pagar')).toHaveAccessibleDescription('Recargo por mora $ 0,20');
    expect(month('Abril 2026: pendiente por pagar')).toHaveTextContent('AbrPor pagar');
    expect(month('Abril 2026: pendiente por pagar')).not.toHaveAttribute('aria-description');
  });

  it('has one tab per year, the current one active, and names each month with its state', () => {
    render(<Harness />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['2024', '2025', '2026']);
    expect(screen.getByRole('tab', { name: '2026' })).toHaveAttribute('aria-selected', 'true');
    const grid = screen.getByRole('group', { name: 'Meses de 2026' });
    expect(within(grid).getAllByRole('button').map((button) => button.textContent?.slice(0, 3))).toEqual([
      'Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic',
    ]);
    expect(month('Enero 2026: pagado')).toHaveAttribute('aria-pressed', 'false');
    expect(month('Febrero 2026: pagado, pago #12')).toBeInTheDocument();
    expect(month('Marzo 2026: pago en proceso, pago #13')).toBeInTheDocument();
    expect(month('Abril 2026: pendiente por pagar')).toBeEnabled();
    expect(month('Mayo 2026: pendiente por pagar')).toBeEnabled();
    // Paying ahead is allowed up to December of the current year.
    expect(month('Diciembre 2026: mes por vencer')).toBeEnabled();
  });

  it('shows paid months green, unpaid red and a pending change yellow', async () => {
    render(<Harness />);
    expect(month('Enero 2026: pagado')).toHaveStyle({ backgroundColor: '#237804' });
    expect(month('Abril 2026: pendiente por pagar')).toHaveStyle({ backgroundColor: '#cf1322' });
    await userEvent.click(month('Abril 2026: pendiente por pagar'));
    expect(month('Abril 2026: cambio pendiente (marcar como pagado)')).toHaveStyle({ backgroundColor: '#fadb14' });
  });

  it('toggles an unpaid month to mark and a paid month to unmark, and back', async () => {
    const onToggle = vi.fn();
    render(<Harness onToggle={onToggle} />);
    await userEvent.click(month('Abril 2026: pendiente por pagar'));
    await userEvent.click(month('Enero 2026: pagado'));
    await userEvent.click(month('Junio 2026: mes por vencer'));
    expect(onToggle.mock.calls.map(([value]) => value)).toEqual(['2026-04', '2026-01', '2026-06']);
    expect(month('Abril 2026: cambio pendiente (marcar como pagado)')).toHaveAttribute('aria-pressed', 'true');
    expect(month('Enero 2026: cambio pendiente (desmarcar)')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(month('Abril 2026: cambio pendiente (marcar como pagado)'));
    expect(month('Abril 2026: pendiente por pagar')).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows earlier years in their tabs, months before the start neutral and not selectable', async () => {
    const onToggle = vi.fn();
    render(<Harness onToggle={onToggle} />);
    await userEvent.click(screen.getByRole('tab', { name: '2024' }));
    const before = month('Febrero 2024: antes del inicio del servicio');
    expect(before).toBeDisabled();
    expect(before).not.toHaveStyle({ backgroundColor: '#cf1322' });
    await userEvent.click(month('Marzo 2024: pendiente por pagar'));
    expect(onToggle).toHaveBeenCalledWith('2024-03');
  });

  it('names the payment holding a month in a tooltip', async () => {
    render(<Harness />);
    await userEvent.hover(month('Febrero 2026: pagado, pago #12'));
    expect(await screen.findByText('Pago #12')).toBeInTheDocument();
  });

  it('only shows the months when read-only', async () => {
    const onToggle = vi.fn();
    render(<Harness readOnly onToggle={onToggle} />);
    await userEvent.click(month('Abril 2026: pendiente por pagar'));
    expect(onToggle).not.toHaveBeenCalled();
    expect(month('Abril 2026: pendiente por pagar')).toHaveAttribute('aria-disabled', 'true');
  });

  it('never shows a year after the current one', () => {
    const next: CalendarYear = { year: 2027, months: years()[2]!.months.map((entry) => ({ ...entry, month: `2027-${entry.month.slice(5)}`, state: 'ahead' })) };
    render(<Harness data={[...years(), next]} />);
    expect(screen.queryByRole('tab', { name: '2027' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '2026' })).toHaveAttribute('aria-selected', 'true');
  });
});
