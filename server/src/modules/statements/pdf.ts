import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { identificationLabel } from '@recaudo/domain/clients';
import { rateLabel } from '@recaudo/domain/exchange-rates';
import { formatMoney } from '@recaudo/domain/format-money';
import { forClients, formatDate, formatMonth, textOrEmpty } from '@recaudo/domain/format';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import { BALANCE_MOVEMENT_LABELS } from '@recaudo/domain/balance';
import { lateFeeMessages } from '@recaudo/domain/late-fees';
import { AGREEMENT_STATUS_LABELS, installmentName, INSTALLMENT_STATUS_LABELS } from '@recaudo/domain/payment-agreements';
import { AGING_BUCKETS, AGING_LABELS, owesSurcharge, STATEMENT_MONTH_STATES, type Statement, type StatementMonth } from '@recaudo/domain/statement';
import { drawVerification, pdfBuffer, PDF_MUTED, PDF_PRIMARY } from '../../platform/pdf';

/**
 * The statement of account as an A4 PDF ("Estado de cuenta.pdf", issue 33): the client, the owed
 * totals in $ and BS with the aging buckets, then each address with its months (fee, state, the
 * payment's number and date), and a QR code of the public check of this issue.
 */

const MARGIN = 40;
const LINE = '#d9d9d9';
const STATE_COLORS: Record<StatementMonth['state'], string> = { opening: '#595959', paid: '#389e0d', balance: '#389e0d', marked: '#1f4e79', pending: '#d48806', owed: '#cf1322' };

export interface StatementPdfOptions {
  verifyUrl: string;
  issuedAt: string;
  compress?: boolean;
}

export async function renderStatementPdf(statement: Statement, options: StatementPdfOptions): Promise<Buffer> {
  const qr = await QRCode.toBuffer(options.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, compress: options.compress ?? true, info: { Title: 'Estado de cuenta', Author: PRODUCT_NAME } });
  const done = pdfBuffer(doc);
  const width = doc.page.width - 2 * MARGIN;
  const right = MARGIN + width;
  const bottom = doc.page.height - MARGIN;
  const rule = (y: number) => doc.moveTo(MARGIN, y).lineTo(right, y).lineWidth(0.6).strokeColor(LINE).stroke();
  const room = (height: number) => {
    if (doc.y + height > bottom) doc.addPage();
  };
  const heading = (title: string) => {
    room(40);
    doc.font('Helvetica-Bold').fontSize(11).fillColor(PDF_PRIMARY).text(title, MARGIN, doc.y, { width });
    const y = doc.y + 2;
    rule(y);
    doc.y = y + 6;
  };
  const table = (widths: number[], cells: string[], options: { bold?: boolean; shade?: string; colors?: (string | undefined)[] } = {}) => {
    room(18);
    const top = doc.y;
    if (options.shade) doc.rect(MARGIN, top, width, 18).fillColor(options.shade).fill();
    let x = MARGIN;
    cells.forEach((text, index) => {
      doc
        .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor(options.colors?.[index] ?? '#000000')
        .text(forClients(text), x + 4, top + 5, { width: widths[index]! - 8, align: index === 0 ? 'left' : 'right', lineBreak: false });
      x += widths[index]!;
    });
    doc.y = top + 18;
    rule(doc.y);
  };

  doc.font('Helvetica-Bold').fontSize(24).fillColor(PDF_PRIMARY).text(PRODUCT_NAME, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(14).fillColor('#000000').text('Estado de cuenta', MARGIN, doc.y + 2);
  doc.font('Helvetica').fontSize(9).fillColor(PDF_MUTED).text(`Emitido el ${formatDate(options.issuedAt)} · Dólar: ${rateLabel(statement.dollar_rate, statement.dollar_rate_value_date, statement.dollar_rate_source)}`, MARGIN, doc.y + 2);
  doc.y += 10;

  heading('Cliente');
  doc.font('Helvetica').fontSize(10).fillColor('#000000').text(`${statement.client.name} · ${identificationLabel(statement.client)}`, MARGIN, doc.y, { width });
  doc.y += 10;

  heading('Total adeudado');
  const totals = [width * 0.4, width * 0.2, width * 0.2, width * 0.2];
  table(totals, ['Antigüedad', 'Direcciones', 'Dólares ($)', 'Bolívares'], { bold: true, shade: '#f0f4f8' });
  for (const bucket of AGING_BUCKETS) {
    const figures = statement.aging[bucket];
    table(totals, [AGING_LABELS[bucket], String(figures.addresses), formatMoney(figures.owed_usd, '$'), formatMoney(figures.owed_bs)]);
  }
  table(totals, [`Total (${statement.months_owed} ${statement.months_owed === 1 ? 'mes' : 'meses'})`, String(statement.addresses.length), formatMoney(statement.owed_usd, '$'), formatMoney(statement.owed_bs)], {
    bold: true,
    shade: '#fff1f0',
  });
  // The late-payment surcharge (issue 50) is a line of its own beside the months' fees.
  if (owesSurcharge(statement)) table(totals, [lateFeeMessages.line, '', formatMoney(statement.surcharge_usd, '$'), formatMoney(statement.surcharge_bs)], { bold: true, shade: '#fff1f0' });
  doc.y += 12;

  const months = [width * 0.2, width * 0.16, width * 0.2, width * 0.24, width * 0.2];
  const monthsWithSurcharge = [width * 0.18, width * 0.14, width * 0.14, width * 0.18, width * 0.2, width * 0.16];
  const waiverColumns = [width * 0.16, width * 0.2, width * 0.36, width * 0.14, width * 0.14];
  const movementColumns = [width * 0.16, width * 0.36, width * 0.16, width * 0.14, width * 0.18];
  for (const address of statement.addresses) {
    heading(`${address.address} (${ADDRESS_TYPES[address.type]})`);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(PDF_MUTED)
      .text(
        `Cuota ${formatMoney(address.fee, '$')} · Meses por pagar ${address.months_owed} · ${formatMoney(address.owed_usd, '$')} · ${formatMoney(address.owed_bs)}` +
          (address.oldest_owed ? ` · Desde ${formatMonth(address.oldest_owed)}` : '') +
          (owesSurcharge(address) ? ` · ${lateFeeMessages.line} ${formatMoney(address.surcharge_usd, '$')} · ${formatMoney(address.surcharge_bs)}` : ''),
        MARGIN,
        doc.y,
        { width },
      );
    doc.y += 4;
    // An address with a surcharge has its column, each late month's figure in it.
    const surcharged = owesSurcharge(address);
    table(surcharged ? monthsWithSurcharge : months, ['Mes', 'Cuota ($)', ...(surcharged ? ['Recargo ($)'] : []), 'Estado', 'Pago', 'Fecha de pago'], { bold: true, shade: '#f0f4f8' });
    for (const entry of address.months) {
      const surcharge = surcharged ? [entry.surcharge_usd ? formatMoney(entry.surcharge_usd, '$') : textOrEmpty(null)] : [];
      table(
        surcharged ? monthsWithSurcharge : months,
        [formatMonth(entry.month), formatMoney(entry.fee, '$'), ...surcharge, STATEMENT_MONTH_STATES[entry.state], textOrEmpty(entry.payment?.number), entry.payment ? formatDate(entry.payment.date_payment) : textOrEmpty(null)],
        { colors: [undefined, undefined, ...surcharge.map(() => undefined), STATE_COLORS[entry.state]] },
      );
    }
    // The credit balance (issue 50): every movement, then what is left.
    if (address.balance_movements.length) {
      doc.y += 8;
      table(movementColumns, ['Fecha', 'Saldo a favor', 'Mes', 'Pago', 'Monto ($)'], { bold: true, shade: '#f0f4f8' });
      for (const movement of address.balance_movements) {
        table(movementColumns, [
          formatDate(movement.date),
          BALANCE_MOVEMENT_LABELS[movement.kind],
          movement.month ? formatMonth(movement.month) : textOrEmpty(null),
          movement.payment_id === null ? textOrEmpty(null) : `#${movement.payment_id}`,
          formatMoney(movement.amount_usd, '$'),
        ]);
      }
      table(movementColumns, ['Saldo a favor', '', '', '', formatMoney(address.balance_usd, '$')], { bold: true });
    }
    if (address.surcharge_waivers.length) {
      doc.y += 8;
      table(waiverColumns, ['Fecha', 'Pago', lateFeeMessages.waivedLine, 'Recargo ($)', 'Exonerado ($)'], { bold: true, shade: '#f0f4f8' });
      for (const waiver of address.surcharge_waivers) {
        table(waiverColumns, [
          formatDate(waiver.date_payment),
          waiver.number ?? `#${waiver.payment_id}`,
          textOrEmpty(waiver.reason),
          formatMoney(waiver.surcharge_usd, '$'),
          formatMoney(waiver.waived_usd, '$'),
        ]);
      }
    }
    // Its payment agreement (issue 50): each installment with its due date, amount, what was paid and its state.
    if (address.agreement) {
      const { status, paid_usd, debt_usd } = address.agreement;
      room(40);
      doc.y += 8;
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor('#000000')
        .text(`Convenio de pago (${AGREEMENT_STATUS_LABELS[status]}): pagado ${formatMoney(paid_usd, '$')} de ${formatMoney(debt_usd, '$')}`, MARGIN, doc.y, { width });
      doc.y += 4;
      table(movementColumns, ['Cuota', 'Vence', 'Monto ($)', 'Pagado ($)', 'Estado'], { bold: true, shade: '#f0f4f8' });
      for (const installment of address.agreement.installments) {
        table(movementColumns, [
          installmentName(installment.number),
          formatDate(installment.due_date),
          formatMoney(installment.amount_usd, '$'),
          formatMoney(installment.paid_usd, '$'),
          INSTALLMENT_STATUS_LABELS[installment.status],
        ]);
      }
    }
    doc.y += 12;
  }

  const qrSize = 100;
  room(qrSize + 10);
  drawVerification(doc, {
    qr,
    x: MARGIN,
    top: doc.y,
    size: qrSize,
    textWidth: right - (MARGIN + qrSize + 16),
    title: 'Verificación del estado de cuenta',
    lead: 'Escanea el código QR o abre esta dirección para comprobar que Recaudo emitió este estado de cuenta y lo que decía:',
    url: options.verifyUrl,
    now: new Date(options.issuedAt),
  });
  doc.end();
  return done;
}
