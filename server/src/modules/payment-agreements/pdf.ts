import PDFDocument from 'pdfkit';
import { identificationLabel } from '@recaudo/domain/clients';
import { formatDate } from '@recaudo/domain/format';
import { formatMoney } from '@recaudo/domain/format-money';
import { monthName } from '@recaudo/domain/months';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import { AGREEMENT_STATUS_LABELS, INSTALLMENT_STATUS_LABELS, installmentName, type PaymentAgreement } from '@recaudo/domain/payment-agreements';
import { pdfBuffer, PDF_MUTED, PDF_PRIMARY } from '../../platform/pdf';

const MARGIN = 50;

export interface AgreementParties {
  client: { name: string; identification_type: string; identification: string; email: string | null };
  address: string;
}

/**
 * The agreement as an A4 PDF ('Convenio de pago.pdf', issue 50): the client and address, the debt
 * frozen at signing with its months, the down payment and the schedule of installments with what
 * each has been paid. The client signs nothing in Recaudo; the office prints it.
 */
export async function renderAgreementPdf(agreement: PaymentAgreement, parties: AgreementParties, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, compress: options.compress ?? true, info: { Title: 'Convenio de pago', Author: PRODUCT_NAME } });
  const done = pdfBuffer(doc);
  const width = doc.page.width - 2 * MARGIN;
  const field = (label: string, value: string) => {
    doc.font('Helvetica').fontSize(8).fillColor(PDF_MUTED).text(label.toUpperCase(), MARGIN, doc.y, { width });
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor('#000000')
      .text(value, MARGIN, doc.y + 1, { width });
    doc.y += 6;
  };
  const row = (cells: string[], bold = false) => {
    const top = doc.y;
    const columns = [MARGIN, MARGIN + 110, MARGIN + 220, MARGIN + 320, MARGIN + 410];
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('#000000');
    cells.forEach((cell, index) => doc.text(cell, columns[index]!, top, { width: 100, lineBreak: false }));
    doc.y = top + 16;
  };

  doc.font('Helvetica-Bold').fontSize(24).fillColor(PDF_PRIMARY).text(PRODUCT_NAME, MARGIN, MARGIN);
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#000000')
    .text(`Convenio de pago N.° ${agreement.id}`, MARGIN, doc.y + 16, { width, align: 'center' });
  doc.y += 12;
  field('Cliente', `${parties.client.name} (${identificationLabel(parties.client)})`);
  field('Dirección', parties.address);
  field('Fecha de firma', formatDate(agreement.created_at));
  field('Estado', AGREEMENT_STATUS_LABELS[agreement.status]);
  field('Meses del convenio', agreement.months.map((month) => monthName(month.month)).join(', '));
  field('Deuda al firmar', formatMoney(agreement.debt_usd, '$'));
  field('Cuota inicial', formatMoney(agreement.down_payment_usd, '$'));
  field('Pagado', formatMoney(agreement.paid_usd, '$'));
  doc.y += 6;
  row(['Cuota', 'Vence', 'Monto', 'Pagado', 'Estado'], true);
  for (const installment of agreement.installments) {
    row([
      installmentName(installment.number),
      formatDate(installment.due_date),
      formatMoney(installment.amount_usd, '$'),
      formatMoney(installment.paid_usd, '$'),
      INSTALLMENT_STATUS_LABELS[installment.status],
    ]);
  }
  doc.end();
  return done;
}
