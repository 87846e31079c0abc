import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { rateLabel } from '@recaudo/domain/exchange-rates';
import { BALANCE_MOVEMENT_LABELS } from '@recaudo/domain/balance';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatMonth } from '@recaudo/domain/format';
import { lateFeeMessages } from '@recaudo/domain/late-fees';
import { AGING_BUCKETS, AGING_LABELS, STATEMENT_MONTH_STATES, type AddressStatement, type Statement, type StatementMonth } from '@recaudo/domain/statement';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { downloadStatement, useSendStatementMail, useStatement, type StatementScope } from './api';
import { NoWrap } from '../../components/no-wrap';
import { SurchargeLine, SurchargeWaivers } from './surcharge-lines';
import { AgreementLines } from './agreement-lines';

const STATE_COLORS: Record<StatementMonth['state'], string> = { opening: 'default', paid: 'success', balance: 'success', marked: 'processing', pending: 'warning', owed: 'error' };

/** The credit balance's movements (issue 50), oldest first, and what is left. */
function BalanceLines({ address }: { address: AddressStatement }) {
  if (!address.balance_movements.length) return null;
  return (
    <section aria-label={`Saldo a favor de ${address.address}`} style={{ marginTop: 12 }}>
      <Typography.Text strong>
        Saldo a favor: <NoWrap>{formatMoney(address.balance_usd, '$')}</NoWrap>
      </Typography.Text>
      <ul style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}>
        {address.balance_movements.map((movement, index) => (
          <li key={index} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: '4px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}>
            <span style={{ minWidth: 80 }}>{formatDate(movement.date)}</span>
            <span style={{ flex: 1 }}>
              {BALANCE_MOVEMENT_LABELS[movement.kind]}
              {movement.month && ` ${formatMonth(movement.month)}`}
              {movement.payment_id !== null && ` · pago #${movement.payment_id}`}
            </span>
            <NoWrap>{formatMoney(movement.amount_usd, '$')}</NoWrap>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MonthLine({ entry }: { entry: StatementMonth }) {
  return (
    <li style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', padding: '6px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}>
      <span style={{ minWidth: 72 }}>{formatMonth(entry.month)}</span>
      <span style={{ minWidth: 72, whiteSpace: 'nowrap' }}>{formatMoney(entry.fee, '$')}</span>
      <Tag color={STATE_COLORS[entry.state]}>{STATEMENT_MONTH_STATES[entry.state]}</Tag>
      {entry.surcharge_usd && (
        <Typography.Text type="danger">
          <NoWrap>
            {lateFeeMessages.line} {formatMoney(entry.surcharge_usd, '$')}
          </NoWrap>
        </Typography.Text>
      )}
      {entry.payment && (
        <Typography.Text type="secondary">
          {entry.payment.number && (
            <>
              <NoWrap>N° {entry.payment.number}</NoWrap>
              {' · '}
            </>
          )}
          <NoWrap>{formatDate(entry.payment.date_payment)}</NoWrap>
        </Typography.Text>
      )}
    </li>
  );
}

function AddressSection({ address }: { address: AddressStatement }) {
  return (
    <Card size="small" title={`${address.address} (${ADDRESS_TYPES[address.type]})`} styles={{ title: { whiteSpace: 'normal' } }}>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {address.months_owed ? (
          <>
            Debe {address.months_owed} {address.months_owed === 1 ? 'mes' : 'meses'} desde <NoWrap>{formatMonth(address.oldest_owed)}</NoWrap>:{' '}
            <NoWrap>{formatMoney(address.owed_usd, '$')}</NoWrap> · <NoWrap>{formatMoney(address.owed_bs)}</NoWrap>
          </>
        ) : (
          'Al día'
        )}
      </Typography.Paragraph>
      <SurchargeLine figures={address} />
      <ul aria-label={`Meses de ${address.address}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {address.months.map((entry) => (
          <MonthLine key={entry.month} entry={entry} />
        ))}
      </ul>
      <BalanceLines address={address} />
      <SurchargeWaivers address={address} />
      <AgreementLines address={address.address} agreement={address.agreement} />
    </Card>
  );
}

function StatementBody({ statement }: { statement: Statement }) {
  return (
    <Flex vertical gap={12}>
      <Typography.Text>
        {statement.client.name} · Dólar: {rateLabel(statement.dollar_rate, statement.dollar_rate_value_date, statement.dollar_rate_source)}
      </Typography.Text>
      <Flex gap={24} wrap>
        <Statistic title="Total adeudado ($)" value={formatMoney(statement.owed_usd, '$')} />
        <Statistic title="Total adeudado (BS)" value={formatMoney(statement.owed_bs)} />
        <Statistic title="Meses por pagar" value={statement.months_owed} />
      </Flex>
      <SurchargeLine figures={statement} />
      <section aria-label="Antigüedad de la deuda">
        <Typography.Text strong>Antigüedad de la deuda</Typography.Text>
        <ul style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}>
          {AGING_BUCKETS.map((bucket) => (
            <li key={bucket} style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8, padding: '4px 0' }}>
              <span>{AGING_LABELS[bucket]}</span>
              <span>
                {statement.aging[bucket].addresses} · {formatMoney(statement.aging[bucket].owed_usd, '$')} · {formatMoney(statement.aging[bucket].owed_bs)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {statement.addresses.map((address) => (
        <AddressSection key={address.address_payment_id} address={address} />
      ))}
    </Flex>
  );
}

/**
 * "Estado de cuenta" (issue 33) of a client or one of its addresses: totals in $ and BS, the aging
 * buckets and every month with its state, as lines that fit a phone; "Descargar PDF" and
 * "Enviar por correo".
 */
export function StatementModal({ scope, onClose }: { scope: StatementScope | null; onClose: () => void }) {
  const statement = useStatement(scope);
  const mail = useSendStatementMail();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!scope) return;
    setDownloading(true);
    await downloadStatement(scope);
    setDownloading(false);
  };
  return (
    <Modal
      title="Estado de cuenta"
      open={scope !== null}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      footer={
        <Flex gap={8} wrap justify="end">
          <Button size="large" loading={mail.isPending} disabled={!statement.data} onClick={() => scope && mail.mutate(scope)}>
            Enviar por correo
          </Button>
          <Button size="large" type="primary" loading={downloading} disabled={!statement.data} onClick={() => void download()}>
            Descargar PDF
          </Button>
        </Flex>
      }
    >
      {statement.data ? <StatementBody statement={statement.data} /> : <Skeleton active />}
    </Modal>
  );
}
