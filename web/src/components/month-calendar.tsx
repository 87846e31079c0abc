import { formatMoney } from '@recaudo/domain/format-money';
import { lateFeeMessages } from '@recaudo/domain/late-fees';
import { balanceMessages } from '@recaudo/domain/balance';
import { currentMonth, lastPayableMonth, monthName, MONTH_SHORT_NAMES, type CalendarMonthState, type CalendarYear, type Month } from '@recaudo/domain/months';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Tabs from 'antd/es/tabs';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState, type CSSProperties } from 'react';

export type CalendarMonth = CalendarYear['months'][number];

export interface MonthCalendarProps {
  /** The address's years (domain `calendarYears`); years after the current one are not shown. */
  years: readonly CalendarYear[];
  /** Months with a pending change (yellow): an unpaid month to mark, a paid one to unmark. */
  selected: ReadonlySet<Month>;
  onToggle: (month: Month) => void;
  /** Which months may be toggled; by default every month from the start through December of the current year. */
  isSelectable?: (entry: CalendarMonth) => boolean;
  /** Shows the months without letting anyone toggle them (client users). */
  readOnly?: boolean;
  /** Accessible name of the calendar. */
  label?: string;
  /** What a tap does, said on each selectable tile instead of its state (a payment's "Pagar" / "Quitar"). */
  tapWords?: TapWords;
}

export interface TapWords {
  choose: string;
  unchoose: string;
}

/**
 * Fills with white or black text that keep a 4.5:1 contrast on either theme's background;
 * the word under each month says the same as the colour for those who can't tell them apart.
 */
const LOOK: Record<CalendarMonthState | 'change', { style?: CSSProperties; word: string; status: string }> = {
  paid: { style: { background: '#237804', borderColor: '#237804', color: '#fff' }, word: 'Pagado', status: 'pagado' },
  pending: { style: { background: '#0958d9', borderColor: '#0958d9', color: '#fff' }, word: 'En proceso', status: 'pago en proceso' },
  // Partly paid by the credit balance (issue 50): its word says how much of the price ("abonado $ 3,00 de $ 5,00").
  partial: { style: { background: '#fff7e6', borderColor: '#d46b08', color: '#000' }, word: 'Abonado', status: 'abonado' },
  unpaid: { style: { background: '#cf1322', borderColor: '#cf1322', color: '#fff' }, word: 'Por pagar', status: 'pendiente por pagar' },
  change: { style: { background: '#fadb14', borderColor: '#ad8b00', borderStyle: 'dashed', color: '#000' }, word: '', status: 'cambio pendiente' },
  ahead: { word: 'Por vencer', status: 'mes por vencer' },
  before_start: { word: 'Sin servicio', status: 'antes del inicio del servicio' },
  opening: { style: { background: '#595959', borderColor: '#595959', color: '#fff' }, word: 'Saldo inicial', status: 'cubierto por el saldo inicial, sin pago ni recibo' },
};

const covered = (state: CalendarMonthState) => state === 'paid' || state === 'pending';

export const defaultSelectable = (entry: CalendarMonth, now = new Date()) => entry.state !== 'before_start' && entry.state !== 'opening' && entry.month <= lastPayableMonth(now);

/** What a month's tile says of its money (issue 50): paid "con abonos", or how much the balance holds of it. */
function stateWords(entry: CalendarMonth): { word: string; status: string } {
  if (entry.state === 'partial' && entry.price_usd !== null) {
    const words = balanceMessages.partial(entry.paid_usd, entry.price_usd);
    return { word: words, status: words };
  }
  if (entry.state === 'paid' && entry.from_balance) return { word: 'Con abonos', status: 'pagado con abonos' };
  return LOOK[entry.state];
}

function describe(entry: CalendarMonth, changed: boolean, tapWords: TapWords | null) {
  const name = monthName(entry.month);
  const look = changed ? LOOK.change : { ...LOOK[entry.state], ...stateWords(entry) };
  const action = changed ? (covered(entry.state) ? ' (desmarcar)' : ' (marcar como pagado)') : '';
  const payment = entry.payment_id !== null ? `, pago #${entry.payment_id}` : '';
  const word = tapWords ? (changed ? tapWords.unchoose : tapWords.choose) : changed ? (covered(entry.state) ? 'Desmarcar' : 'Marcar') : look.word;
  return { label: `${name}: ${look.status}${action}${payment}`, word, style: look.style };
}

const LEGEND: { key: keyof typeof LOOK; text: string }[] = [
  { key: 'paid', text: 'Pagado' },
  { key: 'unpaid', text: 'Por pagar' },
  { key: 'change', text: 'Cambio pendiente' },
  { key: 'pending', text: 'Pago en proceso' },
  { key: 'partial', text: 'Abonado (pago parcial)' },
  { key: 'opening', text: 'Saldo inicial' },
  { key: 'ahead', text: 'Por vencer o sin servicio' },
];

function Legend() {
  return (
    <Flex gap={12} wrap aria-hidden style={{ marginTop: 12 }}>
      {LEGEND.map(({ key, text }) => (
        <Flex key={key} gap={6} align="center">
          <span
            style={{
              display: 'inline-block',
              width: 14,
              height: 14,
              borderRadius: 3,
              border: '1px solid rgba(128,128,128,0.5)',
              ...LOOK[key].style,
            }}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {text}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

interface MonthGridProps {
  year: CalendarYear;
  selected: ReadonlySet<Month>;
  onToggle: (month: Month) => void;
  isSelectable: (entry: CalendarMonth) => boolean;
  readOnly: boolean;
  tapWords?: TapWords;
}

function MonthGrid({ year, selected, onToggle, isSelectable, readOnly, tapWords }: MonthGridProps) {
  return (
    // At most six months a row (two rows a year), fewer on narrow screens.
    <div role="group" aria-label={`Meses de ${year.year}`} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(max(84px, calc((100% - 40px) / 6)), 1fr))', gap: 8 }}>
      {year.months.map((entry) => {
        const changed = selected.has(entry.month);
        const selectable = !readOnly && isSelectable(entry);
        const { label, word, style } = describe(entry, changed, selectable ? (tapWords ?? null) : null);
        // An owed month's late-payment surcharge (issue 50): a line of its own on the tile, and its description.
        const surcharge = entry.surcharge_usd ? `${lateFeeMessages.line} ${formatMoney(entry.surcharge_usd, '$')}` : null;
        // A partly paid month's words are long: the tile grows to wrap them.
        const tall = (entry.state === 'partial' && !changed) || surcharge !== null;
        const button = (
          <Button
            key={entry.month}
            aria-pressed={changed}
            aria-disabled={!selectable || undefined}
            aria-description={surcharge ?? undefined}
            // A read-only month stays focusable (its tooltip names the payment); clicks do nothing.
            disabled={!readOnly && !selectable}
            onClick={() => selectable && onToggle(entry.month)}
            style={{
              height: tall ? 'auto' : 52,
              minHeight: 52,
              width: '100%',
              display: 'flex',
              flexDirection: 'column',
              gap: 0,
              lineHeight: 1.2,
              whiteSpace: tall ? 'normal' : undefined,
              cursor: selectable ? 'pointer' : 'default',
              ...style,
            }}
          >
            {/* Named by its full words (month, state, payment), not by the tile's short ones: as an
                aria-label beside other visible text a voice user's "Ene" would not match it (axe). */}
            <span aria-hidden style={{ fontWeight: 600 }}>
              {MONTH_SHORT_NAMES[Number(entry.month.slice(5, 7)) - 1]}
            </span>
            <span aria-hidden style={{ fontSize: 11, opacity: 0.9 }}>
              {word}
            </span>
            {surcharge && (
              <span aria-hidden style={{ fontSize: 11, fontWeight: 600 }}>
                + {formatMoney(entry.surcharge_usd!, '$')}
              </span>
            )}
            <span className="visually-hidden">{label}</span>
          </Button>
        );
        return entry.payment_id !== null ? (
          <Tooltip key={entry.month} title={`Pago #${entry.payment_id}`}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
    </div>
  );
}

/**
 * The month calendar of an address (spec 01 §4, spec 02 "Month calendar"): one tab per year,
 * the last one active, twelve months each, paid green, unpaid red, a pending change yellow.
 * It is controlled: the caller keeps the pending changes and decides what to send.
 */
export function MonthCalendar({
  years,
  selected,
  onToggle,
  isSelectable = defaultSelectable,
  readOnly = false,
  label = 'Calendario de meses',
  tapWords,
}: MonthCalendarProps) {
  const lastYear = Number(currentMonth().slice(0, 4));
  const shown = years.filter((year) => year.year <= lastYear);
  const fallback = shown.at(-1)?.year;
  const [active, setActive] = useState<number | undefined>(fallback);
  const activeYear = shown.some((year) => year.year === active) ? active : fallback;
  if (shown.length === 0) return <Typography.Text type="secondary">Sin meses para mostrar.</Typography.Text>;
  return (
    <section aria-label={label}>
      <Tabs
        size="small"
        activeKey={String(activeYear)}
        onChange={(key) => setActive(Number(key))}
        items={shown.map((year) => ({
          key: String(year.year),
          label: String(year.year),
          children: <MonthGrid year={year} selected={selected} onToggle={onToggle} isSelectable={isSelectable} readOnly={readOnly} tapWords={tapWords} />,
        }))}
      />
      <Legend />
    </section>
  );
}
