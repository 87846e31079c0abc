import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatMonth } from '@recaudo/domain/format';
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

const STATE_COLORS: Record<StatementMonth['state'], string> = { paid: 'success', marked: 'processing', pending: 'warning', owed: 'error' };

function MonthLine({ entry }: { entry: StatementMonth }) {
  return (
    <li style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', padding: '6px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}>
      <span style={{ minWidth: 72 }}>{formatMonth(entry.month)}</span>
      <span style={{ minWidth: 72 }}>{formatMoney(entry.fee, '$')}</span>
      <Tag color={STATE_COLORS[entry.state]}>{STATEMENT_MONTH_STATES[entry.state]}</Tag>
      {entry.payment && (
        <Typography.Text type="secondary">
          {entry.payment.number ? `N° ${entry.payment.number} · ` : ''}
          {formatDate(entry.payment.date_payment)}
        </Typography.Text>
      )}
    </li>
  );
}

function AddressSection({ address }: { address: AddressStatement }) {
  return (
    <Card size="small" title={`${address.address} (${ADDRESS_TYPES[address.type]})`} styles={{ title: { whiteSpace: 'normal' } }}>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {address.months_owed
          ? `Debe ${address.months_owed} ${address.months_owed === 1 ? 'mes' : 'meses'} desde ${formatMonth(address.oldest_owed)}: ${formatMoney(address.owed_usd, '$')} · ${formatMoney(address.owed_bs)}`
          : 'Al día'}
      </Typography.Paragraph>
      <ul aria-label={`Meses de ${address.address}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {address.months.map((entry) => (
          <MonthLine key={entry.month} entry={entry} />
        ))}
      </ul>
    </Card>
  );
}

function StatementBody({ statement }: { statement: Statement }) {
  return (
    <Flex vertical gap={12}>
      <Typography.Text>
        {statement.client.name} · Tasa del dólar {formatMoney(statement.dollar_rate)}
      </Typography.Text>
      <Flex gap={24} wrap>
        <Statistic title="Total adeudado ($)" value={formatMoney(statement.owed_usd, '$')} />
        <Statistic title="Total adeudado (BS)" value={formatMoney(statement.owed_bs)} />
        <Statistic title="Meses por pagar" value={statement.months_owed} />
      </Flex>
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
