import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { formatMoney } from '@recaudo/domain/format-money';
import { CURRENCY_SYMBOLS, rateCurrencyOf, type Currency } from '@recaudo/domain/tenders';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { EMPTY_SELECT_TEXT } from '../../../components/filter-drawer';
import { MoneyInput } from '../../../components/money-input';
import { BdvValidation } from './bank-validation';
import { changeCurrencies, lineCurrency, missingIn, moneyIn } from './tender-lines';
import type { PaymentFormState } from './use-payment-form';
import { isDay, methodFields, type BankValidationFacts, type PaymentShortcuts, type TenderFormLine } from './values';

const CHANGE_LABELS: Record<Currency, string> = { VES: 'Bolívares', USD: 'Dólares', EUR: 'Euros' };

/** A foreign method names its currency ("Efectivo dólares ($)"); bolívar methods keep their names. */
const methodLabel = (method: { name: string; currency: Currency }) => (method.currency === 'VES' ? method.name : `${method.name} (${CURRENCY_SYMBOLS[method.currency]})`);

/** Método de pago options with each method's currency beside its name ("Efectivo dólares ($)"). */
export const methodOptions = (state: PaymentFormState) => (state.methods.data ?? []).map((row) => ({ value: row.id, label: methodLabel(row) }));

/**
 * Lines 2–5 of how the client paid (issue 49): each with its method (and currency), the amount in
 * that currency and its bolívar equivalent at the payment's rate, and the fields its method asks
 * for; a Pago Móvil line is validated with the bank from its own button. "Agregar línea de cobro"
 * adds one, filled with what is still missing in the chosen method's currency.
 */
export function TenderLines({ state, modal }: { state: PaymentFormState; modal: PaymentShortcuts['bankValidationModal'] }) {
  const { form, locked, maxTenderLines, settlement } = state;
  return (
    <Form.List name="extra_tenders">
      {(rows, { add, remove }) => (
        <>
          {rows.map((row, index) => (
            <TenderLine
              key={row.key}
              state={state}
              position={index + 2}
              name={row.name}
              equivalent={settlement?.amountsVes[index + 1] ?? null}
              onRemove={() => remove(row.name)}
              modal={modal}
            />
          ))}
          <Form.Item>
            <Button
              icon={<PlusOutlined />}
              disabled={locked || rows.length + 1 >= maxTenderLines}
              onClick={() => {
                const line: TenderFormLine = { payment_method_id: null, amount: null, reference: '', bank_id: null, pay_phone: '', conciliation_id: null };
                add(line);
                void form.validateFields(['amount_payment']).catch(() => undefined);
              }}
            >
              Agregar línea de cobro
            </Button>
            {rows.length + 1 >= maxTenderLines && (
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                Máximo {maxTenderLines} líneas por pago.
              </Typography.Text>
            )}
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}

function TenderLine({
  state,
  position,
  name,
  equivalent,
  onRemove,
  modal,
}: {
  state: PaymentFormState;
  position: number;
  name: number;
  equivalent: string | null;
  onRemove: () => void;
  modal: PaymentShortcuts['bankValidationModal'];
}) {
  const { form, methods, banks, locked, settlement, tenderContext } = state;
  const line = (Form.useWatch(['extra_tenders', name], form) ?? {}) as Partial<TenderFormLine>;
  const method = methods.data?.find((row) => row.id === line.payment_method_id);
  const currency = lineCurrency(methods.data, line.payment_method_id);
  const shown = methodFields(method);
  const issue = settlement?.issues[`tenders.${position - 1}.currency`];
  const field = (key: keyof TenderFormLine) => [name, key];
  return (
    <section aria-label={`Línea de cobro ${position}`} style={{ border: '1px solid rgba(128,128,128,0.3)', borderRadius: 8, padding: '12px 12px 0', marginBottom: 12 }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>Línea {position}</Typography.Text>
        <Button type="text" danger size="small" icon={<DeleteOutlined />} disabled={locked} onClick={onRemove} aria-label={`Quitar la línea ${position}`}>
          Quitar
        </Button>
      </Flex>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Método de pago" name={field('payment_method_id')} rules={[{ required: true, message: `Línea ${position}: elige el método de pago.` }]} required>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              disabled={locked}
              placeholder="Seleccionar"
              notFoundContent={EMPTY_SELECT_TEXT}
              options={methodOptions(state)}
              onChange={(chosen) => {
                // A new line brings what is still missing, in its method's currency.
                const next = lineCurrency(methods.data, chosen);
                const missing = missingIn(settlement, next, rateCurrencyOf(tenderContext.rateId ?? 1));
                if (!line.amount && missing) form.setFieldValue(['extra_tenders', name, 'amount'], missing);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={`Monto (${CURRENCY_SYMBOLS[currency]})`}
            name={field('amount')}
            rules={[{ required: true, message: `Línea ${position}: indica el monto.` }]}
            required
            extra={currency !== 'VES' && equivalent !== null ? `Equivale a ${formatMoney(equivalent)}` : undefined}
            validateStatus={issue ? 'error' : undefined}
            help={issue}
          >
            <MoneyInput prefix={CURRENCY_SYMBOLS[currency]} disabled={locked} />
          </Form.Item>
        </Col>
        {shown.reference && (
          <Col xs={24} sm={12}>
            <Form.Item label="Referencia" name={field('reference')} rules={[{ required: true, whitespace: true, message: `Línea ${position}: la referencia es obligatoria.` }]} required>
              <Input maxLength={50} autoComplete="off" />
            </Form.Item>
          </Col>
        )}
        {shown.bank && (
          <Col xs={24} sm={12}>
            <Form.Item
              label="Banco de origen"
              name={field('bank_id')}
              rules={method?.is_mobile_payment_use_api_bdv ? [{ required: true, message: `Línea ${position}: el banco de origen es obligatorio.` }] : []}
              required={method?.is_mobile_payment_use_api_bdv}
            >
              <Select<number>
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Seleccionar"
                notFoundContent={EMPTY_SELECT_TEXT}
                options={(banks.data ?? []).map((bank) => ({ value: bank.id, label: `${bank.code} - ${bank.name}` }))}
              />
            </Form.Item>
          </Col>
        )}
        {method?.is_mobile_payment_use_api_bdv && (
          <>
            <Col xs={24} sm={12}>
              <Form.Item label="Teléfono del pagador" name={field('pay_phone')}>
                <Input maxLength={20} autoComplete="off" inputMode="tel" />
              </Form.Item>
            </Col>
            <LineBankValidation state={state} name={name} line={line} modal={modal} />
          </>
        )}
      </Row>
      <Form.Item name={field('conciliation_id')} hidden>
        <Input />
      </Form.Item>
    </section>
  );
}

/** "Validar pago con BDV" of a Pago Móvil line: the bank area's modal with the line's figures; a confirmed payment keeps its conciliation on the line. */
function LineBankValidation({
  state,
  name,
  line,
  modal,
}: {
  state: PaymentFormState;
  name: number;
  line: Partial<TenderFormLine>;
  modal: PaymentShortcuts['bankValidationModal'];
}) {
  const datePayment = Form.useWatch('date_payment', state.form) as unknown;
  if (!modal) return null;
  const bank = state.banks.data?.find((row) => row.id === line.bank_id);
  const client = state.chosenClient;
  const facts: BankValidationFacts = {
    client: client ? { id: client.id, name: client.name, phone: client.phone } : null,
    paymentMethodId: line.payment_method_id ?? null,
    usesBdv: true,
    reference: line.reference ?? '',
    amount: line.amount ?? '',
    originBank: bank ? { code: bank.code, name: bank.name } : null,
    paymentDate: isDay(datePayment) ? datePayment.format('YYYY-MM-DD') : null,
  };
  return (
    <BdvValidation
      facts={facts}
      verified={Boolean(line.conciliation_id)}
      modal={modal}
      onValidated={(conciliationId) => state.form.setFieldValue(['extra_tenders', name, 'conciliation_id'], conciliationId)}
    />
  );
}

/**
 * What the cashier sees as she types (issue 49): the total due (months plus IGTF), the IGTF with
 * its base, what the lines cover, and what is missing in bolívares and in the rate's currency, or
 * the change, given in the currency she chooses.
 */
export function CoverSummary({ state }: { state: PaymentFormState }) {
  const { settlement, tenderContext, form, methods, locked } = state;
  const values = Form.useWatch([], form);
  if (!settlement || !tenderContext.rate) return null;
  const rateCurrency = rateCurrencyOf(tenderContext.rateId ?? 1);
  const line = (label: string, value: ReactNode, tone?: 'danger' | 'success') => (
    <Flex justify="space-between" gap={12}>
      <Typography.Text type={tone ? undefined : 'secondary'}>{label}</Typography.Text>
      <Typography.Text strong={Boolean(tone)} type={tone}>
        {value}
      </Typography.Text>
    </Flex>
  );
  const hasIgtf = settlement.igtfAmount !== '0.00';
  const currencies = values ? changeCurrencies(values, methods.data) : (['VES'] as Currency[]);
  const excess = Number(settlement.excess) > 0;
  return (
    <section aria-label="Resumen del cobro" style={{ border: '1px solid rgba(128,128,128,0.3)', borderRadius: 8, padding: 12, marginBottom: 16 }}>
      {line('Total a pagar (meses + IGTF)', `${formatMoney(settlement.owed)} · ${moneyIn(settlement.owedForeign, rateCurrency)}`)}
      {tenderContext.igtfRate !== null &&
        line(
          `IGTF (${tenderContext.igtfRate.replace('.', ',')} % sobre ${moneyIn(settlement.igtfBase, rateCurrency)})`,
          hasIgtf ? `${formatMoney(settlement.igtfAmount)} · ${moneyIn(settlement.igtfCurrencyAmount, rateCurrency)}` : formatMoney(0),
        )}
      {line('Cubierto', formatMoney(settlement.tendered))}
      {settlement.shortfall
        ? line('Falta', `${formatMoney(settlement.shortfall.ves)} · ${moneyIn(settlement.shortfall.foreign, rateCurrency)}`, 'danger')
        : line(excess ? 'Sobra (vuelto)' : 'Cubierto completo', excess ? formatMoney(settlement.excess) : '✓', 'success')}
      {(excess || Boolean(values?.change_amount)) && (
        <Row gutter={16} style={{ marginTop: 12 }}>
          <Col xs={24} sm={12}>
            <Form.Item label="Vuelto en" name="change_currency" style={{ marginBottom: 0 }}>
              <Select<Currency> disabled={locked} options={currencies.map((currency) => ({ value: currency, label: CHANGE_LABELS[currency] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Vuelto entregado" name="change_amount" style={{ marginBottom: 0 }} extra={values?.change_currency !== 'VES' && settlement.changeVes !== '0.00' ? `Equivale a ${formatMoney(settlement.changeVes)}` : undefined}>
              <MoneyInput prefix={CURRENCY_SYMBOLS[values?.change_currency ?? 'VES']} disabled={locked} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </section>
  );
}
