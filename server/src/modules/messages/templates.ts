/**
 * Spanish texts of the outgoing messages. Each template answers the subject, the plain text
 * and a small HTML version with every interpolated value escaped.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Set when the body carries a one-use secret: kept in clear text only until sent or expired (null: until sent). */
  secret?: { expiresInMinutes: number | null };
}

/** An SMS whose text carries a one-use secret, redacted like a secret e-mail. */
export interface SecretSms {
  text: string;
  secret: { expiresInMinutes: number | null };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const layout = (title: string, paragraphs: string[]) =>
  `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">` +
  `<h2 style="color:#1f4e79">${escapeHtml(title)}</h2>${paragraphs.join('')}` +
  `<p style="color:#888;font-size:12px">Recaudo · Este es un mensaje automático, por favor no lo respondas.</p></body></html>`;

const paragraph = (text: string) => `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

export function verificationCodeMail(code: string, minutes: number): MailContent {
  const lines = [
    `Tu código de verificación de Recaudo es: ${code}`,
    `El código vence en ${minutes} minutos. Si no solicitaste este registro, ignora este correo.`,
  ];
  return {
    subject: 'Código de verificación de Recaudo',
    text: lines.join('\n\n'),
    html: layout('Código de verificación', [
      paragraph('Tu código de verificación de Recaudo es:'),
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(code)}</p>`,
      paragraph(lines[1]!),
    ]),
    secret: { expiresInMinutes: minutes },
  };
}

export const verificationCodeSms = (code: string, minutes: number): SecretSms => ({
  text: `Recaudo: tu código de verificación es ${code}. Vence en ${minutes} minutos.`,
  secret: { expiresInMinutes: minutes },
});

/** Who tried to register: an identification that already has a user, or an e-mail that already has one. */
export type RegistrationHeldBy = 'identification' | 'email';

const heldByText = (heldBy: RegistrationHeldBy) =>
  heldBy === 'identification' ? 'con tu identificación, pero ya tiene un usuario' : 'con este correo, pero ya tiene una cuenta';

/**
 * Sent instead of a code when the registration can't go on: the requester gets the same answer
 * as anyone else, and the owner learns of the attempt.
 */
export function registrationAttemptMail(heldBy: RegistrationHeldBy): MailContent {
  const lines = [
    `Alguien intentó registrarse en Recaudo ${heldByText(heldBy)}, así que no se creó ninguna cuenta nueva.`,
    'Si fuiste tú y no recuerdas tu contraseña, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión. Si no fuiste tú, ignora este correo.',
  ];
  return { subject: 'Intento de registro en Recaudo', text: lines.join('\n\n'), html: layout('Intento de registro', lines.map(paragraph)) };
}

export const registrationAttemptSms = (heldBy: RegistrationHeldBy) =>
  `Recaudo: alguien intentó registrarse ${heldByText(heldBy)}. Si olvidaste tu contraseña, usa ¿Olvidaste tu contraseña? al iniciar sesión.`;

export function resetLinkMail(name: string, link: string, minutes: number): MailContent {
  return {
    subject: 'Restablecer tu contraseña de Recaudo',
    text: [
      `Hola ${name}:`,
      'Recibimos una solicitud para restablecer tu contraseña. Abre este enlace para crear una nueva:',
      link,
      `El enlace se puede usar una sola vez y vence en ${minutes} minutos. Si no lo solicitaste, ignora este correo.`,
    ].join('\n\n'),
    html: layout('Restablecer contraseña', [
      paragraph(`Hola ${name}:`),
      paragraph('Recibimos una solicitud para restablecer tu contraseña. Pulsa el botón para crear una nueva:'),
      `<p><a href="${escapeHtml(link)}" style="background:#1f4e79;color:#fff;padding:10px 18px;text-decoration:none;border-radius:4px">Restablecer contraseña</a></p>`,
      paragraph(`Si el botón no funciona, copia este enlace en tu navegador: ${link}`),
      paragraph(`El enlace se puede usar una sola vez y vence en ${minutes} minutos. Si no lo solicitaste, ignora este correo.`),
    ]),
    secret: { expiresInMinutes: minutes },
  };
}

export function clientMessageMail(title: string, message: string): MailContent {
  return { subject: title, text: message, html: layout(title, [paragraph(message)]) };
}

export function sentPasswordMail(name: string, email: string, password: string, loginUrl: string, mustChange: boolean): MailContent {
  const lines = [
    `Hola ${name}:`,
    'Se creó o actualizó tu acceso a Recaudo con estos datos:',
    `Correo: ${email}\nContraseña: ${password}`,
    `Inicia sesión en ${loginUrl}`,
    mustChange ? 'Al entrar se te pedirá cambiar la contraseña.' : 'Te recomendamos cambiar la contraseña desde Editar Perfil.',
  ];
  return {
    subject: 'Tu acceso a Recaudo',
    text: lines.join('\n\n'),
    html: layout('Tu acceso a Recaudo', lines.map(paragraph)),
    // No expiry of its own: the password works until its owner changes it, which the mail asks for.
    secret: { expiresInMinutes: null },
  };
}

export interface ReceiptMailFacts {
  clientName: string;
  /** "A-00000123", or null while the payment has no document number. */
  documentNumber: string | null;
  datePayment: string;
  amount: string;
  foreignAmount: string;
  months: string;
  method: string;
  status: string;
  verifyUrl: string;
  portalUrl: string;
}

/**
 * A payment receipt (`payments/send-mail-payment-pdf`): its summary, the public verification
 * link (the QR code of the PDF) and where the PDF is downloaded again; the PDF itself travels as
 * the message's attachment.
 */
export function paymentReceiptMail(facts: ReceiptMailFacts): MailContent {
  const title = `Recibo de pago${facts.documentNumber ? ` N° ${facts.documentNumber}` : ''}`;
  const summary: [string, string][] = [
    ['Fecha de pago', facts.datePayment],
    ['Monto pagado', `${facts.amount} (${facts.foreignAmount})`],
    ['Meses pagados', facts.months],
    ['Método de pago', facts.method],
    ['Estatus', facts.status],
  ];
  const intro = `Hola ${facts.clientName}:`;
  const lead = 'Te enviamos el recibo de tu pago registrado en Recaudo.';
  const verify = 'Puedes comprobar el recibo en cualquier momento en esta dirección:';
  const portal = `Adjuntamos el recibo en PDF. También puedes descargarlo desde el portal de clientes, en Recibos de Pagos: ${facts.portalUrl}`;
  return {
    subject: `${title} - Recaudo`,
    text: [intro, lead, summary.map(([label, value]) => `${label}: ${value}`).join('\n'), verify, facts.verifyUrl, portal].join('\n\n'),
    html: layout(title, [
      paragraph(intro),
      paragraph(lead),
      `<table style="border-collapse:collapse;margin:8px 0">${summary
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 12px 4px 0;color:#666">${escapeHtml(label)}</td><td style="padding:4px 0"><b>${escapeHtml(value)}</b></td></tr>`,
        )
        .join('')}</table>`,
      paragraph(verify),
      `<p><a href="${escapeHtml(facts.verifyUrl)}" style="background:#1f4e79;color:#fff;padding:10px 18px;text-decoration:none;border-radius:4px">Verificar recibo</a></p>`,
      paragraph(`Si el botón no funciona, copia este enlace en tu navegador: ${facts.verifyUrl}`),
      paragraph(portal),
    ]),
  };
}

export interface SolvencyMailFacts {
  clientName: string;
  address: string;
  solventToDate: string;
  issuedOn: string;
  verifyUrl: string;
}

/** A solvency certificate (`solvencies/send-mail-solvency-pdf`); the PDF travels as the attachment. */
export function solvencyMail(facts: SolvencyMailFacts): MailContent {
  const title = 'Certificado de Solvencia';
  const intro = `Hola ${facts.clientName}:`;
  const lead = `Te enviamos el certificado de solvencia de la dirección ${facts.address}, emitido el ${facts.issuedOn}: solvente hasta ${facts.solventToDate}. Lo adjuntamos en PDF.`;
  const verify = 'Cualquier persona puede comprobar que sigue siendo válido en esta dirección (o con el código QR del PDF):';
  return {
    subject: `${title} - Recaudo`,
    text: [intro, lead, verify, facts.verifyUrl].join('\n\n'),
    html: layout(title, [
      paragraph(intro),
      paragraph(lead),
      paragraph(verify),
      `<p><a href="${escapeHtml(facts.verifyUrl)}" style="background:#1f4e79;color:#fff;padding:10px 18px;text-decoration:none;border-radius:4px">Verificar solvencia</a></p>`,
      paragraph(`Si el botón no funciona, copia este enlace en tu navegador: ${facts.verifyUrl}`),
    ]),
  };
}

export interface StatementMailFacts {
  clientName: string;
  issuedOn: string;
  monthsOwed: number;
  owedUsd: string;
  owedBs: string;
  verifyUrl: string;
  portalUrl: string;
}

/** A statement of account ("Enviar por correo", issue 33): what is owed, the public check, the portal; the PDF travels attached. */
export function statementMail(facts: StatementMailFacts): MailContent {
  const title = 'Estado de cuenta';
  const intro = `Hola ${facts.clientName}:`;
  const lead =
    facts.monthsOwed > 0
      ? `Te enviamos tu estado de cuenta al ${facts.issuedOn}: debes ${facts.monthsOwed} ${facts.monthsOwed === 1 ? 'mes' : 'meses'}, ${facts.owedUsd} (${facts.owedBs}). Lo adjuntamos en PDF.`
      : `Te enviamos tu estado de cuenta al ${facts.issuedOn}: estás al día. Lo adjuntamos en PDF.`;
  const verify = 'Puedes comprobarlo en esta dirección (o con el código QR del PDF):';
  const portal = `Para pagar, entra al portal de clientes: ${facts.portalUrl}`;
  return {
    subject: `${title} - Recaudo`,
    text: [intro, lead, verify, facts.verifyUrl, portal].join('\n\n'),
    html: layout(title, [
      paragraph(intro),
      paragraph(lead),
      paragraph(verify),
      `<p><a href="${escapeHtml(facts.verifyUrl)}" style="background:#1f4e79;color:#fff;padding:10px 18px;text-decoration:none;border-radius:4px">Verificar estado de cuenta</a></p>`,
      paragraph(portal),
    ]),
  };
}

export interface ReminderMailFacts {
  clientName: string;
  monthsOwed: number;
  owedUsd: string;
  owedBs: string;
  /** The late-payment surcharge owed (issue 50), a line of its own; null without one. */
  surcharge?: { usd: string; bs: string } | null;
  /** Each address owing: its text and what it owes, formatted. */
  addresses: {
    address: string;
    monthsOwed: number;
    owedUsd: string;
    owedBs: string;
    surcharge?: { usd: string; bs: string } | null;
    /** The next installment of its payment agreement (issue 50), named instead of the months its installments pay. */
    installment?: { name: string; dueOn: string; owedUsd: string; owedBs: string } | null;
  }[];
  payUrl: string;
}

const monthsText = (months: number) => `${months} ${months === 1 ? 'mes' : 'meses'}`;

/** The monthly payment reminder (issue 33): what each address owes, the total, and the link to pay. */
export function reminderMail(facts: ReminderMailFacts): MailContent {
  const title = 'Recordatorio de pago';
  const intro = `Hola ${facts.clientName}:`;
  const lead = `Te recordamos que tienes ${monthsText(facts.monthsOwed)} por pagar:`;
  const surchargeText = (surcharge: { usd: string; bs: string } | null | undefined) => (surcharge ? `; recargo por mora ${surcharge.usd} (${surcharge.bs})` : '');
  const lines = facts.addresses.map((entry) =>
    entry.installment
      ? `${entry.address}: ${entry.installment.name} de tu convenio de pago, vence el ${entry.installment.dueOn}, ${entry.installment.owedUsd} (${entry.installment.owedBs})`
      : `${entry.address}: ${monthsText(entry.monthsOwed)}, ${entry.owedUsd} (${entry.owedBs})${surchargeText(entry.surcharge)}`,
  );
  const total = `Total: ${facts.owedUsd} (${facts.owedBs})${surchargeText(facts.surcharge)}.`;
  const pay = `Paga desde el portal de clientes: ${facts.payUrl}`;
  const optOut = 'Si no deseas recibir estos recordatorios, desactívalos en tu portal.';
  return {
    subject: `${title} - Recaudo`,
    text: [intro, lead, lines.join('\n'), total, pay, optOut].join('\n\n'),
    html: layout(title, [
      paragraph(intro),
      paragraph(lead),
      `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      paragraph(total),
      `<p><a href="${escapeHtml(facts.payUrl)}" style="background:#1f4e79;color:#fff;padding:10px 18px;text-decoration:none;border-radius:4px">Pagar ahora</a></p>`,
      paragraph(optOut),
    ]),
  };
}

/** What a reminder said, in a line, for the audit log: the months and the total. */
export const reminderSummary = (facts: ReminderMailFacts) => `${monthsText(facts.monthsOwed)} por pagar, ${facts.owedUsd} (${facts.owedBs})`;

/** The reminder's SMS: the total and the link. */
export const reminderSms = (facts: ReminderMailFacts) => `Recaudo: tienes ${reminderSummary(facts)}. Paga en ${facts.payUrl}`;

export interface AgreementBreachFacts {
  clientName: string;
  address: string;
  installment: string;
  dueOn: string;
  owedUsd: string;
}

/** Issue 50: a payment agreement broken by an installment overdue past the grace; what was paid stays paid. */
export function agreementBreachMail(facts: AgreementBreachFacts): MailContent {
  const title = 'Convenio de pago incumplido';
  const intro = `Hola ${facts.clientName}:`;
  const lead = `El convenio de pago de la dirección ${facts.address} quedó incumplido: la ${facts.installment}, con vencimiento el ${facts.dueOn}, sigue pendiente por ${facts.owedUsd}.`;
  const rest =
    'Lo que ya pagaste sigue abonado a tus meses; los meses aún no cubiertos vuelven a figurar como deuda. Comunícate con la oficina para regularizar tu deuda.';
  return { subject: `${title} - Recaudo`, text: [intro, lead, rest].join('\n\n'), html: layout(title, [paragraph(intro), paragraph(lead), paragraph(rest)]) };
}

/** Issue 50: the agreement with its schedule, attached as PDF. */
export function agreementMail(facts: { clientName: string; address: string; debtUsd: string; installments: number }): MailContent {
  const title = 'Convenio de pago';
  const intro = `Hola ${facts.clientName}:`;
  const lead = `Te enviamos el convenio de pago de la dirección ${facts.address} por ${facts.debtUsd}, con su calendario de ${facts.installments} cuotas. Lo adjuntamos en PDF.`;
  return { subject: `${title} - Recaudo`, text: [intro, lead].join('\n\n'), html: layout(title, [paragraph(intro), paragraph(lead)]) };
}
