import { effectiveMonthField, type FeeChange } from './tariffs';
import { z } from 'zod';
import { parseDateParam } from './dates';
import { addMonths, currentMonth, isMonth, lastPayableMonth, parseMonthText, type CalendarYear, type Month } from './months';
import { listQuerySchema } from './paging';
import { invalidAgingMessage, isAgingBucket, type AgingBucket } from './statement';
import type { DeliveredTicket } from './tickets';
import type { LateFeeSettings } from './late-fees';
import { moneyField } from './money-field';
import { parseFeeFilter } from './fee-filter';
import { fail, messages, recordId, requiredText } from './validation';

/**
 * Payment addresses (spec 01 §3 Client payment address, §5 Address form) and the month
 * ledger's calendar call (§4, DESIGN §5). The server and the web address panel share these rules.
 */
export const ADDRESS_TYPES = { 0: 'Residencial', 1: 'Comercial' } as const;
export type AddressType = 0 | 1;

/** 'YYYY-MM' as the calendar and the messages show it: 'MM-YYYY'. */
export const monthLabel = (month: Month) => `${month.slice(5, 7)}-${month.slice(0, 4)}`;

export const addressMessages = {
  created: 'Dirección creada',
  updated: 'Dirección actualizada',
  deleted: 'Dirección eliminada',
  confirmDelete: 'Seguro de eliminar la dirección del cliente?',
  monthsUpdated: 'Meses de pago actualizados',
  notFound: 'No se ha encontrado la dirección',
  clientNotFound: 'No se ha encontrado el cliente',
  clientRequired: messages.required('Cliente'),
  addressRequired: messages.required('Dirección'),
  stateRequired: messages.required('Estado'),
  municipalityRequired: messages.required('Municipio'),
  parishRequired: messages.required('Parroquia'),
  communityRequired: messages.required('Comunidad'),
  economicActivityRequired: messages.required('Actividad económica'),
  feeRequired: messages.required('Tarifa'),
  typeRequired: messages.required('Tipo'),
  stateMissing: 'El Estado seleccionado no existe.',
  municipalityMismatch: 'El Municipio seleccionado no pertenece al Estado.',
  parishMismatch: 'La Parroquia seleccionada no pertenece al Municipio.',
  communityMismatch: 'La Comunidad seleccionada no pertenece a la Parroquia.',
  economicActivityMissing: 'La Actividad económica seleccionada no existe.',
  monthHeldByPayment: (month: Month, paymentId: number) => `El mes ${monthLabel(month)} pertenece al pago #${paymentId} y no se puede desmarcar.`,
  monthBeyondLimit: (month: Month, limit: Month) =>
    `El mes ${monthLabel(month)} no se puede marcar: solo se puede pagar por adelantado hasta ${monthLabel(limit)}.`,
  monthInvalid: 'Los meses seleccionados no son válidos.',
  monthsConflict: 'Otra solicitud cambió los meses de esta dirección al mismo tiempo. Intenta de nuevo.',
  openingBoth: 'Indica Pagado hasta o Primer mes adeudado, no ambos.',
  openingBeyond: (attribute: string, limit: Month) => `El campo ${attribute} no puede ser posterior a ${monthLabel(limit)}.`,
} as const;

/** The labels of the opening position (issue 48) in the address form and the import's columns. */
export const OPENING_LABELS = { paidThrough: 'Pagado hasta', firstOwed: 'Primer mes adeudado', serviceSince: 'Desde cuándo tienes el servicio' } as const;

/**
 * A month field of the form ('YYYY-MM', 'MM-YYYY', 'MM/YYYY'): blank is null, a missing key stays
 * undefined (an edit that does not send it keeps the stored opening position).
 */
export const optionalMonthField = (attribute: string) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : blank(value) ? null : value),
    z
      .unknown()
      .transform((value, ctx): Month | null => {
        if (value === null) return null;
        return (typeof value === 'string' ? parseMonthText(value) : null) ?? fail(ctx, messages.invalid(attribute));
      })
      .optional(),
  );

/**
 * The opening position of an address from "pagado hasta" or "primer mes adeudado": the last month
 * the opening balance covers. Paid through December of the current year at most, like paying ahead.
 */
export function openingPosition(
  value: { paid_through?: Month | null; first_owed_month?: Month | null },
  ctx: z.RefinementCtx,
  now: Date = new Date(),
): Month | null | undefined {
  if (value.paid_through && value.first_owed_month) {
    ctx.addIssue({ code: 'custom', path: ['first_owed_month'], message: addressMessages.openingBoth });
    return undefined;
  }
  const limit = lastPayableMonth(now);
  if (value.paid_through && value.paid_through > limit) {
    ctx.addIssue({ code: 'custom', path: ['paid_through'], message: addressMessages.openingBeyond(OPENING_LABELS.paidThrough, limit) });
  }
  if (value.first_owed_month && value.first_owed_month > currentMonth(now)) {
    ctx.addIssue({ code: 'custom', path: ['first_owed_month'], message: addressMessages.openingBeyond(OPENING_LABELS.firstOwed, currentMonth(now)) });
  }
  if (value.paid_through) return value.paid_through;
  if (value.first_owed_month) return addMonths(value.first_owed_month, -1);
  return value.paid_through === undefined && value.first_owed_month === undefined ? undefined : null;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const optionalId = (attribute: string) => z.preprocess((value) => (blank(value) ? null : value), recordId(attribute).nullable());

const optionalFlag = z.preprocess((value) => {
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0 || blank(value)) return false;
  return value;
}, z.boolean({ error: messages.boolean('Tarifa personalizada') }));

const optionalDate = z.preprocess(
  (value) => (blank(value) ? null : value),
  z
    .string({ error: messages.invalid('Fecha de inicio') })
    .transform((value, ctx) => {
      const parsed = parseDateParam(/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: messages.invalid('Fecha de inicio') });
        return z.NEVER;
      }
      return parsed;
    })
    .nullable(),
);

const addressType = z.preprocess(
  (value) => (blank(value) ? undefined : typeof value === 'string' ? Number(value) : value),
  z.union([z.literal(0), z.literal(1)], { error: (issue) => (issue.input === undefined ? addressMessages.typeRequired : messages.invalid('Tipo')) }),
);

const addressFields = {
  client_id: recordId('Cliente'),
  type: addressType,
  address: requiredText('Dirección', 500),
  state_id: recordId('Estado'),
  municipality_id: recordId('Municipio'),
  parish_id: recordId('Parroquia'),
  community_id: optionalId('Comunidad'),
  economic_activity_id: optionalId('Actividad económica'),
  is_custom_fee: optionalFlag.optional().default(false),
  fee: z.unknown().optional(),
  date_start: optionalDate.optional().default(null),
  paid_through: optionalMonthField(OPENING_LABELS.paidThrough),
  first_owed_month: optionalMonthField(OPENING_LABELS.firstOwed),
};

const feeField = moneyField('Tarifa', { requiredMessage: addressMessages.feeRequired });

/**
 * The cross-field rules of the address form: a residential address needs its community; a custom
 * fee needs the fee (two decimals, not negative). A residential address has no activity nor
 * custom fee, a commercial one no community. Whether the economic activity is required depends
 * on who saves (staff only), so the server checks it.
 */
function addressRules<
  T extends {
    type: AddressType;
    community_id: number | null;
    economic_activity_id: number | null;
    is_custom_fee: boolean;
    fee?: unknown;
    paid_through?: Month | null;
    first_owed_month?: Month | null;
  },
>({ paid_through, first_owed_month, ...value }: T, ctx: z.RefinementCtx) {
  if (value.type === 0 && value.community_id === null) ctx.addIssue({ code: 'custom', path: ['community_id'], message: addressMessages.communityRequired });
  let fee: string | null = null;
  if (value.type === 1 && value.is_custom_fee) {
    const parsed = feeField.safeParse(value.fee);
    if (parsed.success) fee = parsed.data;
    else for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['fee'], message: issue.message });
  }
  return {
    ...value,
    community_id: value.type === 0 ? value.community_id : null,
    economic_activity_id: value.type === 1 ? value.economic_activity_id : null,
    is_custom_fee: value.type === 1 && value.is_custom_fee,
    fee,
    /** undefined: not sent (an edit keeps the stored one); null: none. */
    opening_paid_through: openingPosition({ paid_through, first_owed_month }, ctx),
  };
}

export const createAddressSchema = z.object(addressFields).transform(addressRules);
export type CreateAddressInput = z.output<typeof createAddressSchema>;

/** An edit of an own fee may say from which month it applies (issue 50; absent: next month). */
export const updateAddressSchema = z
  .object({ id: recordId(), ...addressFields, effective_month: effectiveMonthField })
  .transform(({ effective_month, ...value }, ctx) => ({ ...addressRules(value, ctx), effective_month }));
export type UpdateAddressInput = z.output<typeof updateAddressSchema>;

const optionalType = z.preprocess(
  (value) => (blank(value) ? undefined : typeof value === 'string' ? Number(value) : value),
  z.union([z.literal(0), z.literal(1)]).optional(),
);

export const addressListQuerySchema = listQuerySchema.extend({ type: optionalType }).superRefine((query, ctx) => {
  const aging = query.filters.aging;
  if (!blank(aging) && !isAgingBucket(aging)) ctx.addIssue({ code: 'custom', path: ['filters', 'aging'], message: invalidAgingMessage });
  for (const message of parseFeeFilter(query.filters.fee).errors) ctx.addIssue({ code: 'custom', path: ['filters', 'fee'], message });
});
export type AddressListQuery = z.infer<typeof addressListQuerySchema>;

/** A month of the calendar: its number in the year (1–12) or the whole 'YYYY-MM'. */
const monthItem = z.union([z.number().int().min(1).max(12), z.string().regex(/^(\d{4}-(0[1-9]|1[0-2])|0?[1-9]|1[0-2])$/)], {
  error: addressMessages.monthInvalid,
});

export const changeMonthsSchema = z.object({
  client_id: recordId('Cliente'),
  address_id: recordId('Dirección'),
  selected_months: z
    .array(
      z.object({
        year: z.preprocess((value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value), z.number({ error: addressMessages.monthInvalid }).int().min(1900).max(9999)),
        months: z.array(monthItem, { error: addressMessages.monthInvalid }),
      }),
      { error: addressMessages.monthInvalid },
    )
    .max(200),
});
export type ChangeMonthsInput = z.infer<typeof changeMonthsSchema>;

/** The months a calendar request asks to end up covered, as 'YYYY-MM', without repeats. */
export function selectedMonthList(selected: ChangeMonthsInput['selected_months']): Month[] {
  const months = new Set<Month>();
  for (const { year, months: items } of selected) {
    for (const item of items) {
      const month = typeof item === 'string' && isMonth(item) ? item : `${year}-${String(Number(item)).padStart(2, '0')}`;
      if (isMonth(month)) months.add(month);
    }
  }
  return [...months].sort();
}

export interface NamedRef {
  id: number;
  name: string;
}

/** An address row of the lists and the detail (spec 01 §3 Client payment address). */
export interface AddressRow {
  id: number;
  client_id: number;
  client: { id: number; name: string; identification_type: string; identification: string };
  type: AddressType;
  address: string;
  state_id: number | null;
  state: NamedRef | null;
  municipality_id: number | null;
  municipality: NamedRef | null;
  parish_id: number | null;
  parish: (NamedRef & { date_start: string }) | null;
  community_id: number | null;
  community: (NamedRef & { fee: string; date_start: string }) | null;
  economic_activity_id: number | null;
  economic_activity: (NamedRef & { fee: string; activity_group: NamedRef | null }) | null;
  is_custom_fee: boolean;
  /** The effective monthly fee in dollars: the custom one, else the activity's or the community's. */
  fee: string | null;
  date_start: string | null;
  /** The opening position: the last month an opening balance covers (issue 48), null without one. */
  opening_paid_through: Month | null;
  start_month: Month;
  months_to_pay: number;
  /** The aging bucket of the months to pay (statement.ts), null when nothing is owed. */
  aging: AgingBucket | null;
  payments: CalendarYear[];
  solvent: boolean;
  solvent_to_date: Month | null;
  /** The credit balance (saldo a favor) in dollars (issue 50, balance.ts). */
  balance_usd: string;
  /** The changes of the tariff that prices its months, oldest first (issue 50, tariffs.ts); none: every month at `fee`. */
  fee_changes: FeeChange[];
  /** The late-payment surcharge of its community or activity (issue 50, late-fees.ts); null without one. */
  late_fee: LateFeeSettings | null;
  /** Tickets handed to the address or through its payments, oldest first. */
  tickets_delivered: DeliveredTicket[];
  created_by: number | null;
  created_at: string;
}
