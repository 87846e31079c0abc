import { formatDate } from '@recaudo/domain/format';
import { formatMoney } from '@recaudo/domain/format-money';
import { lateFeeMessages } from '@recaudo/domain/late-fees';
import { owesSurcharge, type AddressStatement, type SurchargeFigures } from '@recaudo/domain/statement';
import Typography from 'antd/es/typography';
import { NoWrap } from '../../components/no-wrap';

/** The late-payment surcharge owed (issue 50), a line of its own beside the months' fees; nothing without one. */
export function SurchargeLine({ figures }: { figures: SurchargeFigures }) {
  if (!owesSurcharge(figures)) return null;
  return (
    <Typography.Paragraph type="danger" style={{ marginBottom: 8 }}>
      {lateFeeMessages.line}: <NoWrap>{formatMoney(figures.surcharge_usd, '$')}</NoWrap> · <NoWrap>{formatMoney(figures.surcharge_bs)}</NoWrap>
    </Typography.Paragraph>
  );
}

/** The address's payments whose surcharge was waived: when, which payment, how much of how much, and why. */
export function SurchargeWaivers({ address }: { address: AddressStatement }) {
  if (!address.surcharge_waivers.length) return null;
  return (
    <section aria-label={`${lateFeeMessages.waivedLine} de ${address.address}`} style={{ marginTop: 12 }}>
      <Typography.Text strong>{lateFeeMessages.waivedLine}</Typography.Text>
      <ul style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}>
        {address.surcharge_waivers.map((waiver) => (
          <li key={waiver.payment_id} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: '4px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}>
            <span style={{ minWidth: 80 }}>{formatDate(waiver.date_payment)}</span>
            <span style={{ flex: 1 }}>
              {waiver.number ? `N° ${waiver.number}` : `Pago #${waiver.payment_id}`}
              {waiver.reason && ` · ${waiver.reason}`}
            </span>
            <NoWrap>
              {formatMoney(waiver.waived_usd, '$')} de {formatMoney(waiver.surcharge_usd, '$')}
            </NoWrap>
          </li>
        ))}
      </ul>
    </section>
  );
}
