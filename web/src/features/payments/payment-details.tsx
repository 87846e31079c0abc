import { monthLabel } from '@recaudo/domain/addresses';
import { rateLabel } from '@recaudo/domain/exchange-rates';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatDateTime, textOrEmpty } from '@recaudo/domain/format';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { CURRENCY_SYMBOLS, rateCurrencyOf } from '@recaudo/domain/tenders';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Image from 'antd/es/image';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useImageUrls } from './api';
import { useShownToReader } from '../../lib/session';
import { currencyOf } from './payment-form-model';
import { NoWrap } from '../../components/no-wrap';

/** Spec 02 §9: the image viewer zooms out to 50 % at least. */
export const IMAGE_MIN_SCALE = 0.5;
/** Spec 02 §9: a note preview shows 40 characters. */
export const NOTE_PREVIEW_LENGTH = 40;

export const notePreview = (notes: string) => (notes.length > NOTE_PREVIEW_LENGTH ? `${notes.slice(0, NOTE_PREVIEW_LENGTH)}…` : notes);

/** The payment's images, each fetched with the token, in one viewer (arrows between them, zoom from 50 %). */
export function PaymentFiles({ payment }: { payment: PaymentRow }) {
  const urls = useImageUrls(payment.files.map((file) => file.url));
  if (payment.files.length === 0) return <Typography.Text type="secondary">Sin archivos</Typography.Text>;
  return (
    <Image.PreviewGroup preview={{ minScale: IMAGE_MIN_SCALE, scaleStep: 0.25 }}>
      <Flex gap={8} wrap>
        {payment.files.map((file, index) =>
          urls[file.url] ? (
            <Image
              key={file.name}
              src={urls[file.url]}
              width={72}
              height={72}
              style={{ objectFit: 'cover', borderRadius: 4 }}
              alt={`Archivo ${index + 1} del pago`}
            />
          ) : (
            <Flex
              key={file.name}
              align="center"
              justify="center"
              style={{ width: 72, height: 72, border: '1px dashed rgba(128,128,128,0.4)', borderRadius: 4 }}
            >
              <Spin size="small" aria-label={`Cargando archivo ${index + 1}`} />
            </Flex>
          ),
        )}
      </Flex>
    </Image.PreviewGroup>
  );
}

/** Approved by the client's own bank validation (issue 33): registered by a client user, verified with the bank. */
export const selfValidated = (payment: Pick<PaymentRow, 'bdv_verified' | 'causer'>) => payment.bdv_verified && payment.causer?.type === 'client';

/**
 * How the client paid (issue 49), when it was more than one bolívar method: each line in its
 * currency with its bolívar equivalent, the change given back, and the IGTF with its base.
 */
function tenderItems(payment: PaymentRow) {
  const currency = rateCurrencyOf(payment.exchange_rate_id);
  const inLines = payment.tenders.length > 1 || payment.tenders.some((line) => line.currency !== 'VES');
  const lineText = (line: PaymentRow['tenders'][number]) => (
    <>
      {line.payment_method.name}: <NoWrap>{formatMoney(line.amount, CURRENCY_SYMBOLS[line.currency])}</NoWrap>
      {line.currency !== 'VES' && (
        <>
          {' '}
          (<NoWrap>{formatMoney(line.amount_ves)}</NoWrap>)
        </>
      )}
      {line.reference && (
        <>
          {' '}
          · <NoWrap>Ref. {line.reference}</NoWrap>
        </>
      )}
    </>
  );
  return [
    ...(inLines
      ? [
          {
            key: 'tenders',
            label: 'Líneas de cobro',
            span: 'filled' as const,
            children: (
              <Flex vertical gap={2}>
                {payment.tenders.map((line, index) => (
                  <Typography.Text key={index}>{lineText(line)}</Typography.Text>
                ))}
              </Flex>
            ),
          },
        ]
      : []),
    ...(payment.change
      ? [
          {
            key: 'change',
            label: 'Vuelto',
            children:
              payment.change.currency === 'VES' ? (
                <NoWrap>{formatMoney(payment.change.amount)}</NoWrap>
              ) : (
                <>
                  <NoWrap>{formatMoney(payment.change.amount, CURRENCY_SYMBOLS[payment.change.currency])}</NoWrap> (
                  <NoWrap>{formatMoney(payment.change.amount_ves)}</NoWrap>)
                </>
              ),
          },
        ]
      : []),
    ...(Number(payment.igtf_amount) > 0
      ? [
          {
            key: 'igtf',
            label: 'IGTF',
            children: (
              <>
                <NoWrap>{formatMoney(payment.igtf_amount)}</NoWrap> · <NoWrap>{formatMoney(payment.igtf_currency_amount, CURRENCY_SYMBOLS[currency])}</NoWrap>{' '}
                sobre <NoWrap>{formatMoney(payment.igtf_base, CURRENCY_SYMBOLS[currency])}</NoWrap>
              </>
            ),
          },
        ]
      : []),
  ];
}

/**
 * The expanded row of a payment (spec 02 §2): control number, method and address, paid months,
 * the details that don't fit the columns, observations and notes, the delivered tickets and the images (`showFiles: false`
 * for a reader without `payments`, whom the file route refuses).
 */
export function PaymentDetails({ payment, showFiles = true }: { payment: PaymentRow; showFiles?: boolean }) {
  const currency = currencyOf(payment.exchange_rate_id);
  const shown = useShownToReader();
  // The row's columns leave these out to fit the window (payment-columns.tsx): they come first here.
  const items = [
    { key: 'number', label: 'Nº control', children: textOrEmpty(payment.number) },
    { key: 'payment_method', label: 'Método', children: payment.payment_method.name },
    { key: 'address', label: 'Dirección', children: payment.address_payment.address },
    {
      key: 'months',
      label: 'Meses pagados',
      span: 'filled' as const,
      children: payment.months_payment.length ? (
        <Flex gap={4} wrap>
          {payment.months_payment.map((month) => (
            <Tag key={month} color="blue">
              {monthLabel(month)}
            </Tag>
          ))}
        </Flex>
      ) : (
        textOrEmpty(null)
      ),
    },
    { key: 'reference', label: 'Referencia', children: textOrEmpty(payment.reference) },
    { key: 'bank', label: 'Banco de origen', children: payment.bank ? `${payment.bank.code} - ${payment.bank.name}` : textOrEmpty(null) },
    { key: 'terminal', label: 'Terminal / Lote', children: `${shown(textOrEmpty(payment.terminal))} / ${shown(textOrEmpty(payment.lot_number))}` },
    { key: 'serie', label: 'Serie', children: textOrEmpty(payment.serie?.serie) },
    { key: 'checkbook', label: 'Nº de chequera', children: textOrEmpty(payment.checkbook_number) },
    { key: 'date_bill', label: 'Fecha de factura', children: <NoWrap>{formatDate(payment.date_bill)}</NoWrap> },
    {
      key: 'rate',
      label: 'Tasa de cambio',
      children: `${rateLabel(payment.exchange_rate, payment.rate_value_date, payment.rate_source)} (${currency === '$' ? 'dólar' : 'euro'})`,
    },
    {
      key: 'bill',
      label: 'Monto factura',
      children: (
        <>
          <NoWrap>{formatMoney(payment.amount_bill)}</NoWrap> · <NoWrap>{formatMoney(payment.dollar_amount_bill, currency)}</NoWrap>
        </>
      ),
    },
    ...(payment.address_payment.type === 1
      ? [
          // Base, VAT and retention are in the rate's currency, like the fee (domain paymentAmounts).
          {
            key: 'iva',
            label: 'Base / IVA',
            children: (
              <>
                <NoWrap>{formatMoney(payment.tax_base, currency)}</NoWrap> / <NoWrap>{formatMoney(payment.iva, currency)}</NoWrap>
              </>
            ),
          },
          {
            key: 'retention',
            label: 'Retención',
            children: payment.is_apply_retention ? <NoWrap>{formatMoney(payment.retention, currency)}</NoWrap> : 'No aplica',
          },
        ]
      : []),
    ...tenderItems(payment),
    {
      key: 'bank_validation',
      label: 'Validación bancaria',
      children: payment.bdv_verified ? (
        // A client's own bank validation approved it without staff (issue 33): staff see it apart.
        <Tag color={selfValidated(payment) ? 'purple' : 'green'}>{selfValidated(payment) ? 'Autovalidado por el cliente' : 'Validado con BDV'}</Tag>
      ) : (
        'Sin validar'
      ),
    },
    {
      key: 'causer',
      label: 'Registrado por',
      children: payment.causer ? `${payment.causer.name}${payment.causer.type === 'client' ? ' (cliente)' : ''}` : textOrEmpty(null),
    },
    { key: 'created', label: 'Fecha de registro', children: <NoWrap>{formatDateTime(payment.created_at)}</NoWrap> },
    { key: 'observations', label: 'Observaciones', span: 'filled' as const, children: textOrEmpty(payment.observations) },
    ...(payment.notes?.trim() ? [{ key: 'notes', label: 'Notas', span: 'filled' as const, children: notePreview(payment.notes) }] : []),
    {
      key: 'tickets',
      label: 'Tickets entregados',
      span: 'filled' as const,
      children: payment.tickets_delivered.length ? (
        <Flex gap={4} wrap>
          {payment.tickets_delivered.map((ticket) => (
            <Tag key={ticket.id} color={ticket.tickets_payment.color}>
              {ticket.tickets_payment.name}
              {ticket.ticket_serial ? ` · ${ticket.ticket_serial}` : ''}
            </Tag>
          ))}
        </Flex>
      ) : (
        textOrEmpty(null)
      ),
    },
    {
      key: 'files',
      label: 'Archivos',
      span: 'filled' as const,
      // The images are served to `payments` only; without it the row says how many there are.
      children: showFiles ? <PaymentFiles payment={payment} /> : payment.files.length ? `${payment.files.length} archivo(s)` : 'Sin archivos',
    },
  ];
  const readable = items.map((item) => (typeof item.children === 'string' ? { ...item, children: shown(item.children) } : item));
  return <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={readable} bordered />;
}
