import { monthLabel } from '@recaudo/domain/addresses';
import { hasBalance } from '@recaudo/domain/balance';
import { formatMoney } from '@recaudo/domain/format-money';
import { monthsLeftOwed, toggleOldestFirst, type Month } from '@recaudo/domain/months';
import { PAYMENT_MONTH_TYPES } from '@recaudo/domain/payments';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { MonthCalendar, type CalendarMonth } from '../../../components/month-calendar';
import { isPayable, type panelMonths } from '../payment-form-model';
import type { PaymentFormState } from './use-payment-form';

interface MonthsInputProps {
  value?: Month[];
  onChange?: (value: Month[]) => void;
  id?: string;
  years: ReturnType<typeof panelMonths>['years'];
  readOnly: boolean;
  /** A client pays oldest first (issue 51); staff pick any months. */
  oldestFirst: boolean;
}

const TAP_WORDS = { choose: 'Pagar', unchoose: 'Quitar' };

/** The month calendar as a form control: the value is the list of months to pay (yellow). */
function MonthsInput({ value = [], onChange, id, years, readOnly, oldestFirst }: MonthsInputProps) {
  const selected = useMemo(() => new Set(value), [value]);
  const payable = useMemo(
    () =>
      years
        .flatMap((year) => year.months)
        .filter((entry) => isPayable(entry))
        .map((entry) => entry.month),
    [years],
  );
  const toggle = (month: Month) => {
    if (oldestFirst) onChange?.(toggleOldestFirst(payable, value, month));
    else onChange?.(selected.has(month) ? value.filter((item) => item !== month) : [...value, month].sort());
  };
  return (
    <div id={id}>
      <MonthCalendar
        years={years}
        selected={selected}
        onToggle={toggle}
        readOnly={readOnly}
        isSelectable={(entry: CalendarMonth) => isPayable(entry)}
        label="Meses de la dirección"
        tapWords={TAP_WORDS}
      />
    </div>
  );
}

/** Beside "Mes actual" when older months are owed; the default stays the current month (spec 02 §4). */
export const earlierOwedText = (months: readonly Month[]) =>
  months.length === 1
    ? `La dirección debe también ${monthLabel(months[0]!)}: elige «Otros meses» o «Pagar deuda total» para cobrarlo.`
    : `La dirección debe también ${months.length} meses anteriores, desde ${monthLabel(months[0]!)}: elige «Otros meses» o «Pagar deuda total» para cobrarlos.`;

/** Staff may leave older months owed (spec 02 §4), told which; a client may not (issue 51). */
export const leftOwedText = (months: readonly Month[]) =>
  `Quedan por pagar ${months.length === 1 ? 'el mes anterior' : 'los meses anteriores'} ${months.map(monthLabel).join(', ')}.`;

/** A client whose address owes older months starts from them: "Mes actual" would leave them owed. */
export const clientOwedText = (oldest: Month) => `La dirección debe desde ${monthLabel(oldest)}: los meses se pagan del más antiguo al más reciente.`;

/** The address's credit balance, and what a payment without months does (issue 50). */
function BalanceNote({ balanceUsd, abono }: { balanceUsd: string; abono: boolean }) {
  const positive = hasBalance(balanceUsd);
  if (!abono && !positive) return null;
  return (
    <Typography.Paragraph type="secondary">
      {positive && `Saldo a favor de la dirección: ${formatMoney(balanceUsd, '$')}. `}
      {abono && abonoText}
    </Typography.Paragraph>
  );
}

export const abonoText = 'Sin meses elegidos, el pago es un abono: queda como saldo a favor y cubre los meses adeudados, del más antiguo al más reciente, cuando alcanza su precio.';

/** Meses a pagar (spec 02 §4 month type, "Month calendar"): shown once the address is known. */
export function MonthsSection({ state }: { state: PaymentFormState }) {
  const { address, calendar, payDebt, monthType, typeMonths, months, locked, debt, staff } = state;
  if (!address || !calendar) return null;
  const alsoOwed = calendar.earlierOwed.filter((month) => !typeMonths.includes(month));
  const leftOwed = monthType === 1 ? monthsLeftOwed(calendar.start, calendar.covered, months) : [];
  const clientMustPayOlder = !staff && calendar.earlierOwed.length > 0;
  return (
    <>
      <Flex gap={16} align="end" wrap>
        <Form.Item label="Meses a pagar" name="type_payment_month">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            disabled={payDebt || locked}
            options={([0, 1] as const).map((type) => ({ value: type, label: PAYMENT_MONTH_TYPES[type], disabled: type === 0 && clientMustPayOlder }))}
          />
        </Form.Item>
        {staff && monthType === 0 && !payDebt && alsoOwed.length > 0 && (
          <Form.Item>
            <Typography.Text type="warning" role="status">
              {earlierOwedText(alsoOwed)}
            </Typography.Text>
          </Form.Item>
        )}
        {staff && leftOwed.length > 0 && (
          <Form.Item>
            <Typography.Text type="warning" role="status">
              {leftOwedText(leftOwed)}
            </Typography.Text>
          </Form.Item>
        )}
        {clientMustPayOlder && !payDebt && (
          <Form.Item>
            <Typography.Text role="status">{clientOwedText(calendar.earlierOwed[0]!)}</Typography.Text>
          </Form.Item>
        )}
        <Form.Item name="pay_total_debt" valuePropName="checked">
          <Checkbox disabled={calendar.unpaid.length === 0 || locked}>
            Pagar deuda total ({calendar.unpaid.length} {calendar.unpaid.length === 1 ? 'mes' : 'meses'}
            {debt?.withSurcharge && ' y recargo por mora'}
            {debt !== null && `: ${formatMoney(debt.bs)}`})
          </Checkbox>
        </Form.Item>
      </Flex>
      {monthType === 0 && (
        <Typography.Paragraph>
          {typeMonths.length ? (
            <>
              Se paga el mes <Tag color="gold">{typeMonths.map(monthLabel).join(', ')}</Tag>
            </>
          ) : (
            <Typography.Text type="danger">La dirección no tiene meses por pagar hasta diciembre.</Typography.Text>
          )}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="months_payment"
        dependencies={['type_payment_month']}
        label={monthType === 1 ? `Meses seleccionados: ${months.length ? [...months].sort().map(monthLabel).join(', ') : 'ninguno'}` : undefined}
      >
        <MonthsInput years={calendar.years} readOnly={monthType === 0 || payDebt || locked} oldestFirst={!staff} />
      </Form.Item>
      <BalanceNote balanceUsd={address.balance_usd} abono={monthType === 1 && months.length === 0} />
    </>
  );
}
