import { z } from 'zod';
import { changePaymentStatusSchema, paymentFieldsSchema, paymentMessages, requireAmountOrTenders } from '@recaudo/domain/payments';
import { recordId } from '@recaudo/domain/validation';
import { hasPermission } from '@recaudo/domain/permissions';
import { realtimeMessages } from '@recaudo/domain/realtime';
import { requireAuth } from '../../platform/access';
import { forbidden } from '../../platform/errors';
import { rooms } from '../../platform/realtime';
import { done, emptyEnvelope, envelope, ok } from '../../platform/envelope';
import { defineRoutes } from '../../platform/module';
import { inTestMode, isSimulated, serviceNamed, simulatorsAllowed } from '../../simulated-services';
import { reloadClosedBox } from '../closed-boxes/events';
import { detachPayment } from '../closed-boxes/service';
import { closedBoxMessages } from '@recaudo/domain/closed-boxes';
import { MAX_PAYMENT_FILES, type PaymentFiles } from './payment-files';
import { changePaymentStatus } from './payment-status';
import { afterCommit, notifyRecorders } from './recorder-notices';
import { deletePayment } from './payment-delete';
import { createPayment, updatePayment } from './service';
import { idempotencyKeyOf, requestHashOf } from './store-keys';
import { acceptUploads } from '../../platform/uploads';
import { igtfSettingsOf } from './tenders';
import { MAX_TENDER_LINES } from '@recaudo/domain/tenders';

/**
 * Payment writes (spec 02 §7). The staff screens and the client portal post the same form to
 * two call families, `bill-payments/*` and `payments/*`; both run the same service. The form is
 * multipart (`files[i]` uploads, `files_string[i]` names of stored files to keep, `months_payment`
 * as a JSON list); a JSON body works as well, without uploads. A store may carry an
 * `Idempotency-Key` header (store-keys.ts). Reads live in read-routes.ts.
 */
const tags = ['payments'];
const FAMILIES = ['bill-payments', 'payments'] as const;
const MAX_FILE_BYTES = 5 * 1024 * 1024;

const UPLOAD_KEY = /^files(?:\[(\d*)\])?$/;
const KEPT_KEY = /^files_string(?:\[(\d*)\])?$/;

/** Values of `key`, `key[]` and `key[i]` fields in index order (multipart repeats become lists). */
function collect(body: Record<string, unknown>, pattern: RegExp): unknown[] {
  const found: { index: number; values: unknown[] }[] = [];
  for (const [key, value] of Object.entries(body)) {
    const match = pattern.exec(key);
    if (!match) continue;
    const index = match[1] ? Number(match[1]) : -1;
    found.push({ index, values: Array.isArray(value) ? value : [value] });
  }
  return found.sort((a, b) => a.index - b.index).flatMap((entry) => entry.values);
}

const TENDER_KEY = /^tenders\[(\d+)\]\[(\w+)\]$/;
const CHANGE_KEY = /^change\[(\w+)\]$/;

/**
 * Form data sends the lists of issue 49 as `tenders[0][amount]`, `change[currency]`: folded here
 * into `tenders` and `change` as a JSON body carries them. Without a `payment_method_id`, the first
 * line's stands for the payment's (the service makes it so anyway).
 */
function foldTenderFields(body: Record<string, unknown>): void {
  const lines: Record<string, unknown>[] = [];
  for (const [key, value] of Object.entries(body)) {
    const tender = TENDER_KEY.exec(key);
    const change = CHANGE_KEY.exec(key);
    if (tender) (lines[Number(tender[1])] ??= {})[tender[2]!] = value;
    else if (change) body.change = { ...(typeof body.change === 'object' && body.change !== null ? body.change : {}), [change[1]!]: value };
    else continue;
    delete body[key];
  }
  if (lines.length) body.tenders = Array.from(lines, (line) => line ?? {});
  const first = Array.isArray(body.tenders) ? (body.tenders[0] as Record<string, unknown> | undefined) : undefined;
  if ((body.payment_method_id === undefined || body.payment_method_id === '') && first && typeof first === 'object') body.payment_method_id = first.payment_method_id;
}

const filesOf = (body: Record<string, unknown>): PaymentFiles => ({
  uploads: collect(body, UPLOAD_KEY).filter((value) => value !== '' && value !== null && value !== undefined),
  kept: collect(body, KEPT_KEY).filter((value): value is string => typeof value === 'string' && value.trim() !== ''),
});

// Upload keys are free-form (`files[0]`, `files_string[3]`): the object keeps unknown keys for filesOf.
const storeBody = requireAmountOrTenders(paymentFieldsSchema.extend({ _method: z.string().optional() }).loose());
const updateBody = storeBody.extend({ id: recordId() }).loose();
const idBody = z.object({ id: recordId() });
/** In a closing's payments view the delete names the closing: it takes the payment out of it only. */
const deleteBody = idBody.extend({ closed_box_id: recordId('Cierre de caja').optional() });

const created = envelope(z.object({ id: z.number(), number_correlative: z.string().nullable(), hash: z.string(), balance_months: z.array(z.string()) }));

export default defineRoutes(async (app, { db, storage, realtime, config }) => {
  const igtf = igtfSettingsOf(config);
  // Up to five tender lines of seven fields each besides the form's own.
  await acceptUploads(app, { fileBytes: MAX_FILE_BYTES, files: MAX_PAYMENT_FILES, fields: 130 });
  // A client user's payment is always Procesando (spec 02 §2): the status they may leave out is filled in here; the service enforces it.
  app.addHook('preValidation', async (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    if (request.auth?.user.clientId != null) body.status = '0';
    foldTenderFields(body);
  });

  // The payment form computes IGTF as the cashier types (issue 49): it needs the office's setting.
  // It turns "Enviar factura digital" on for a new payment when the office issues with a printer
  // (issue 51): the real one configured, or its simulator on purpose (demo, SIMULATORS=on).
  const invoicePrinter = !isSimulated(config, serviceNamed('imprenta')) || simulatorsAllowed(config);
  app.get(
    '/payments/tender-settings',
    {
      config: { access: { permission: ['add_payment', 'edit_payment'], clients: true } },
      schema: { tags, response: { 200: envelope(z.object({ igtf_rate: z.string().nullable(), max_tender_lines: z.number(), invoice_printer: z.boolean() })) } },
    },
    async () => ok({ igtf_rate: igtf.igtfRate, max_tender_lines: MAX_TENDER_LINES, invoice_printer: invoicePrinter }),
  );

  for (const family of FAMILIES) {
    app.post(
      `/${family}/store`,
      { config: { access: { permission: 'add_payment', clients: true } }, schema: { tags, body: storeBody, response: { 200: created } } },
      async (request) => {
        const { _method: _ignored, ...fields } = request.body;
        const auth = requireAuth(request);
        const key = idempotencyKeyOf(request.headers['idempotency-key']);
        const storeKey = key === null ? null : { userId: auth.user.id, key, requestHash: requestHashOf(request.body) };
        const selfValidation = { appUrl: config.APP_URL, serie: config.SELF_VALIDATED_SERIE, testMode: inTestMode(config) };
        const { payment, replayed } = await createPayment(db, storage, auth, fields, filesOf(request.body), storeKey, new Date(), selfValidation, igtf);
        if (auth.user.clientId !== null && !replayed)
          realtime.emit(rooms.admin, 'NotificationsAdmin', { status: 'success', message: realtimeMessages.paymentReported(auth.user.name) });
        return ok(payment, paymentMessages.created);
      },
    );
    // The panel posts the form with `_method: PUT` (Laravel's spoofing); a real PUT works too.
    for (const method of ['POST', 'PUT'] as const) {
      app.route({
        method,
        url: `/${family}/update`,
        config: { access: { permission: 'edit_payment', clients: true } },
        schema: { tags, body: updateBody, response: { 200: emptyEnvelope } },
        handler: async (request) => {
          const { _method: _ignored, ...fields } = request.body;
          await updatePayment(db, storage, requireAuth(request), fields, filesOf(request.body), new Date(), igtf);
          return done(paymentMessages.updated);
        },
      });
    }
    app.delete(
      `/${family}/delete`,
      {
        config: { access: { permission: ['delete_payment', 'edit_closed_box'], clients: true } },
        schema: { tags, body: deleteBody, response: { 200: emptyEnvelope } },
      },
      async (request) => {
        const auth = requireAuth(request);
        const staffMay = (permission: 'delete_payment' | 'edit_closed_box') => auth.user.clientId === null && hasPermission([...auth.permissions], permission);
        if (request.body.closed_box_id !== undefined) {
          if (!staffMay('edit_closed_box')) throw forbidden();
          reloadClosedBox(realtime, await detachPayment(db, auth, { id: request.body.id, closed_box_id: request.body.closed_box_id }));
          return done(closedBoxMessages.paymentRemoved);
        }
        if (auth.user.clientId === null && !staffMay('delete_payment')) throw forbidden();
        await deletePayment(db, storage, auth, request.body.id);
        return done(paymentMessages.deleted);
      },
    );
    app.put(
      `/${family}/change-status`,
      { config: { access: { permission: 'edit_payment' } }, schema: { tags, body: changePaymentStatusSchema, response: { 200: emptyEnvelope } } },
      async (request) => {
        const auth = requireAuth(request);
        const changed = await changePaymentStatus(db, auth, request.body);
        const { id, status, notes } = request.body;
        const rejected = status === 2;
        realtime.emit(rooms.client(changed.clientId), 'NotificationsClient', {
          status: rejected ? 'error' : 'success',
          message: rejected ? realtimeMessages.paymentRejected(notes) : realtimeMessages.paymentApproved,
        });
        if (status !== 0) await afterCommit(request.log, () => notifyRecorders(db, realtime, { paymentIds: [id], actorId: auth.user.id, status, notes }));
        return done(rejected ? paymentMessages.rejected : paymentMessages.approved);
      },
    );
  }
});
