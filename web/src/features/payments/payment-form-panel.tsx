import { INVOICE_STATED_FIELDS, invoiceLockMessage, type InvoiceStatedField } from '@recaudo/domain/invoices';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import Alert from 'antd/es/alert';
import Divider from 'antd/es/divider';
import Row from 'antd/es/row';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { Fragment, useState } from 'react';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import type { ClientOption } from '../../components/select-options';
import { downloadReceipt, useSavePayment } from './api';
import { ContactDialog } from './contact-dialog';
import { AgreementSection } from './payment-form/agreement-section';
import { AmountFields, AmountSummary } from './payment-form/amounts-section';
import { SurchargeWaiverFields } from './payment-form/surcharge';
import { BankValidationSection } from './payment-form/bank-validation';
import { ClientSection } from './payment-form/client-section';
import { DocumentFields } from './payment-form/documents-section';
import { FilesSection, TicketFields } from './payment-form/files-section';
import { MethodFields } from './payment-form/method-section';
import { MonthsSection } from './payment-form/months-section';
import { ReferenceWarningDialog } from './payment-form/reference-warning';
import { CoverSummary, TenderLines } from './payment-form/tender-section';
import { usePaymentForm, type PaymentFormArgs, type PaymentFormState } from './payment-form/use-payment-form';
import { FORM_ID, type AgreementToPay, type PaymentFormValues, type PaymentShortcuts } from './payment-form/values';

export {
  methodFacts,
  methodFields,
  monthsToSend,
  paymentPanelTexts,
  toPaymentInput,
  type AgreementToPay,
  type PaymentFormValues,
  type PaymentShortcuts,
} from './payment-form/values';

interface PaymentFormPanelProps extends PaymentShortcuts {
  open: boolean;
  /** The payment being edited; null records a new one. */
  payment: PaymentRow | null;
  onClose: () => void;
  /** A new payment starts on this client (the client detail's Pagos tab). */
  defaultClient?: ClientOption | null;
  /** A new payment of this address's whole debt, oldest month first ("Pagar" on the client's home). */
  payAddressId?: number | null;
  /** A new payment of this agreement's next installment («Mi convenio», issue 50). */
  payAgreement?: AgreementToPay | null;
}

/**
 * Nuevo / Editar pago (spec 02 §2 Payment create/edit panel, §5 Payment form). The SidePanel drops
 * its content when closed and the list passes a new `key` at each opening, so every opening
 * starts from that payment's values.
 */
export function PaymentFormPanel({ open, payment, onClose, defaultClient = null, payAddressId = null, payAgreement = null, newClientPanel, newAddressPanel, bankValidationModal }: PaymentFormPanelProps) {
  const save = useSavePayment();
  const [approved, setApproved] = useState(false);
  const close = () => {
    setApproved(false);
    onClose();
  };
  return (
    <SidePanel title={payment ? 'Editar pago' : 'Nuevo pago'} open={open} onClose={close} formId={FORM_ID} submitting={save.isPending} size={720} done={approved}>
      <PaymentForm
        payment={payment}
        onClose={close}
        onApproved={() => setApproved(true)}
        save={save}
        defaultClient={defaultClient}
        payAddressId={payAddressId}
        payAgreement={payAgreement}
        newClientPanel={newClientPanel}
        newAddressPanel={newAddressPanel}
        bankValidationModal={bankValidationModal}
      />
    </SidePanel>
  );
}

/** The form: one section per job (client and address, months, method, amounts, documents, tickets and files), state in `usePaymentForm`. */
function PaymentForm(props: PaymentFormArgs) {
  const state = usePaymentForm(props);
  const { form, initial, save, staff, address, amounts, monthCount, commercial, currency, submit, onValuesChange, lock } = state;
  if (state.approved) return <ApprovedReceipt payment={state.approved} />;
  return (
    <>
      <PanelForm<PaymentFormValues>
        name={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={onValuesChange}
        initialValues={initial}
        disabled={save.isPending}
        requiredMark
      >
        {lock && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={invoiceLockMessage(lock, Object.keys(INVOICE_STATED_FIELDS) as InvoiceStatedField[])} />
        )}
        <ClientSection state={state} />
        <AgreementSection state={state} />
        {!state.paysAgreement && <MonthsSection state={state} />}

        <Divider titlePlacement="start" plain>
          Datos del pago
        </Divider>
        <Row gutter={16}>
          <MethodFields state={state} />
          <AmountFields state={state} />
          <BankValidationSection state={state} modal={props.bankValidationModal} />
        </Row>
        {staff && <TenderLines state={state} modal={props.bankValidationModal} />}

        {address && !state.paysAgreement && (
          <AmountSummary amounts={amounts} fee={address.fee} months={monthCount} commercial={commercial} currency={currency} surcharge={state.surcharge} />
        )}
        {staff && <SurchargeWaiverFields surcharge={state.surcharge} canWaive={state.canWaive} form={form} currency={currency} />}
        {staff && address && <CoverSummary state={state} />}

        {staff && (
          <>
            <Divider titlePlacement="start" plain>
              Facturación
            </Divider>
            <Row gutter={16}>
              <DocumentFields state={state} />
              <TicketFields state={state} />
            </Row>
          </>
        )}

        <FilesSection state={state} />
      </PanelForm>
      <PanelDialogs state={state} newClientPanel={props.newClientPanel} newAddressPanel={props.newAddressPanel} />
    </>
  );
}

/** A client's Pago Móvil validated with the bank: approved and numbered, its receipt here and in their e-mail (issue 33). */
function ApprovedReceipt({ payment }: { payment: { hash: string; number_correlative: string | null } }) {
  const [downloading, setDownloading] = useState(false);
  return (
    <Result
      status="success"
      title="Pago aprobado"
      subTitle={`${payment.number_correlative ? `Recibo N° ${payment.number_correlative}. ` : ''}Te enviamos el recibo a tu correo.`}
      extra={[
        <Button
          key="receipt"
          type="primary"
          size="large"
          loading={downloading}
          onClick={() => {
            setDownloading(true);
            void downloadReceipt({ ...payment, serie: null }).finally(() => setDownloading(false));
          }}
        >
          Descargar recibo
        </Button>,
      ]}
    />
  );
}

/** The reused-reference warning and the contact dialog that hold a submit (spec 02 §2), and the "Nuevo cliente" / "Nueva dirección" shortcuts. */
function PanelDialogs({ state, newClientPanel, newAddressPanel }: PaymentShortcuts & { state: PaymentFormState }) {
  const { form, contactOpen, setContactOpen, chosenClient, setClient, held, setHeld, send, openings, shortcut, setShortcut, onValuesChange } = state;
  const { referenceWarning, setReferenceWarning, proceed } = state;
  return (
    <>
      <ReferenceWarningDialog
        message={referenceWarning?.message ?? null}
        onCancel={() => setReferenceWarning(null)}
        onConfirm={() => {
          setReferenceWarning(null);
          if (referenceWarning) proceed(referenceWarning.values);
        }}
      />
      <ContactDialog
        open={contactOpen}
        client={chosenClient}
        onCancel={() => {
          setContactOpen(false);
          setHeld(null);
        }}
        onSaved={(contact) => {
          setContactOpen(false);
          if (chosenClient) setClient({ ...chosenClient, ...contact });
          const values = held;
          setHeld(null);
          if (values) send(values);
        }}
      />
      <Fragment key={`client-${openings}`}>
        {newClientPanel?.({
          open: shortcut === 'client',
          onClose: () => setShortcut(null),
          onCreated: (created) => {
            setShortcut(null);
            setClient(created);
            form.setFieldsValue({ client_id: created.id });
            onValuesChange({ client_id: created.id });
          },
        })}
      </Fragment>
      <Fragment key={`address-${openings}`}>
        {chosenClient !== null &&
          newAddressPanel?.({
            open: shortcut === 'address',
            client: chosenClient,
            onClose: () => setShortcut(null),
            onCreated: (createdId) => {
              setShortcut(null);
              form.setFieldsValue({ address_payment_id: createdId });
              onValuesChange({ address_payment_id: createdId });
            },
          })}
      </Fragment>
    </>
  );
}
