import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { rateLabel } from '@recaudo/domain/exchange-rates';
import { formatMoney } from '@recaudo/domain/format-money';
import { monthName, type Month } from '@recaudo/domain/months';
import { lateFeeMessages } from '@recaudo/domain/late-fees';
import { agreementMessages } from '@recaudo/domain/payment-agreements';
import { owesSurcharge, statementMessages, type AddressDebt, type ClientDebts, type SurchargeFigures } from '@recaudo/domain/statement';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Link } from 'react-router';
import { NoWrap } from '../../components/no-wrap';

/** What the home's buttons open, handed in by the app: the payments and statements areas' own panels. */
export interface ClientDebtActions {
  /** "Pagar": the payment form on this address's whole debt. */
  onPay: (addressId: number) => void;
  /** "Estado de cuenta": of one address, or of the whole client. */
  onStatement: (scope: { addressId: number } | { clientId: number }) => void;
}

/** The late-payment surcharge is a line of its own beside the months (issue 50), shown when there is one. */
const surchargeSentence = (figures: SurchargeFigures) =>
  owesSurcharge(figures) ? `${lateFeeMessages.line}: ${formatMoney(figures.surcharge_usd, '$')} · ${formatMoney(figures.surcharge_bs)}. ` : '';

const monthsText = (count: number) => `${count} ${count === 1 ? 'mes' : 'meses'}`;
const monthList = (months: Month[]) => months.map(monthName).join(', ');

function AddressDebtCard({ debt, actions }: { debt: AddressDebt; actions: ClientDebtActions }) {
  const owes = debt.months_owed > 0;
  return (
    <Card size="small" title={debt.address} extra={<Tag>{ADDRESS_TYPES[debt.type]}</Tag>} styles={{ title: { whiteSpace: 'normal' } }}>
      {owes ? (
        <Flex vertical gap={4}>
          <Typography.Text strong type="danger">
            Debes {monthsText(debt.months_owed)} desde <NoWrap>{monthName(debt.oldest_owed!)}</NoWrap>
          </Typography.Text>
          <Typography.Text>
            <NoWrap>{formatMoney(debt.owed_usd, '$')}</NoWrap> · <NoWrap>{formatMoney(debt.owed_bs)}</NoWrap>
          </Typography.Text>
          {owesSurcharge(debt) && (
            <Typography.Text type="danger">
              {lateFeeMessages.line}: <NoWrap>{formatMoney(debt.surcharge_usd, '$')}</NoWrap> · <NoWrap>{formatMoney(debt.surcharge_bs)}</NoWrap>
            </Typography.Text>
          )}
          {debt.in_agreement && <Typography.Text>{agreementMessages.paidByInstallments}</Typography.Text>}
        </Flex>
      ) : debt.pending_months.length ? (
        <Typography.Text type="warning">
          {statementMessages.inReview} (Procesando): {monthList(debt.pending_months)}.
        </Typography.Text>
      ) : (
        <Flex vertical gap={4}>
          <Typography.Text strong type="success">
            {statementMessages.upToDate}
          </Typography.Text>
          {debt.solvent_to_date && <Typography.Text>Pagado hasta {monthName(debt.solvent_to_date)}</Typography.Text>}
          <Link to="/solvencies">Certificado de solvencia</Link>
        </Flex>
      )}
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        {owes && !debt.in_agreement && (
          <Button type="primary" size="large" onClick={() => actions.onPay(debt.address_payment_id)} aria-label={`Pagar ${debt.address}`}>
            Pagar
          </Button>
        )}
        <Button size="large" onClick={() => actions.onStatement({ addressId: debt.address_payment_id })} aria-label={`Estado de cuenta de ${debt.address}`}>
          Estado de cuenta
        </Button>
      </Flex>
    </Card>
  );
}

/**
 * The client's home "what I owe" (issue 33): the total and, per address, the months owed, the
 * amount in $ and BS at today's rate and the oldest month owed, with "Pagar" (the payment form on
 * that debt, "Pagar deuda total" ticked); an address owing nothing says "Estás al día" with the
 * month it is paid through and the way to its solvency certificate, unless a payment Procesando
 * still covers some month: then it says the payment is in review, with those months.
 */
export function ClientDebtsCard({ clientId, debts, actions }: { clientId: number; debts: ClientDebts; actions: ClientDebtActions }) {
  const owes = debts.months_owed > 0;
  // Months only a payment Procesando covers are not paid yet: the summary must not say "al día" over them.
  const inReview = [...new Set(debts.addresses.flatMap((debt) => debt.pending_months))].sort();
  return (
    <Card title="Lo que debo">
      <Flex vertical gap={12}>
        {!debts.addresses.length ? (
          <Typography.Paragraph style={{ margin: 0 }}>
            {/* A link inside a sentence is underlined: its colour alone does not set it apart (axe link-in-text-block). */}
            No tienes direcciones de pago registradas.{' '}
            <Link to="/address-payments" style={{ textDecoration: 'underline' }}>
              Registra una en Direcciones de Pagos
            </Link>
            .
          </Typography.Paragraph>
        ) : owes ? (
          <Alert
            type="error"
            showIcon
            title={`Debes ${monthsText(debts.months_owed)}: ${formatMoney(debts.owed_usd, '$')} · ${formatMoney(debts.owed_bs)}`}
            description={`${surchargeSentence(debts)}Dólar: ${rateLabel(debts.dollar_rate, debts.dollar_rate_value_date, debts.dollar_rate_source)}.`}
          />
        ) : inReview.length ? (
          <Alert
            type="warning"
            showIcon
            title={statementMessages.inReview}
            description={`Procesando: ${monthList(inReview)}. Estarás al día cuando se apruebe.`}
          />
        ) : (
          <Alert type="success" showIcon title={statementMessages.upToDate} />
        )}
        {debts.addresses.map((debt) => (
          <AddressDebtCard key={debt.address_payment_id} debt={debt} actions={actions} />
        ))}
        {debts.addresses.length > 1 && (
          // Short enough for one line of a 390 px phone; the longer "…de todas mis direcciones" ran to the card's edges.
          <Button size="large" onClick={() => actions.onStatement({ clientId })}>
            Estado de cuenta completo
          </Button>
        )}
      </Flex>
    </Card>
  );
}
