import { z } from 'zod';
import { listQuerySchema } from '@recaudo/domain/paging';
import {
  assignTicketsSchema,
  changeTicketStatusSchema,
  createTicketSchema,
  removeTicketSchema,
  ticketMessages,
  updateTicketSchema,
} from '@recaudo/domain/tickets';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { exportRoute, pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { assignTickets, removeDeliveredTicket } from './delivered';
import { assignAnswerSchema, ticketExportColumns, ticketRowSchema, ticketSeriesSchema } from './presenter';
import { changeTicketStatus, createTicket, deleteTicket, selectableTickets, ticketSource, updateTicket } from './service';

const tags = ['tickets-payments'];
const selectsQuery = z.object({
  address_payment_id: z.preprocess((value) => (value === '' ? undefined : value), recordId('Dirección').optional()),
});

export default defineRoutes((app, { db }) => {
  app.get(
    '/tickets-payments',
    { config: { access: { permission: 'tickets_payments' } }, schema: { tags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(ticketRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, ticketSource(db, request.query))),
  );
  // The assign modal of an address and the payment panel pick series without the tickets screen.
  app.get(
    '/tickets-payments/selects',
    { config: { access: { permission: ['tickets_payments', 'clients', 'payments'] } }, schema: { tags, querystring: selectsQuery, response: { 200: envelope(z.array(ticketSeriesSchema)) } } },
    async (request) => ok(await selectableTickets(db, request.query.address_payment_id)),
  );
  app.post(
    '/tickets-payments/store',
    { config: { access: { permission: 'add_tickets_payment' } }, schema: { tags, body: createTicketSchema, response: { 200: envelope(z.object({ id: z.number() })) } } },
    async (request) => ok({ id: await createTicket(db, requireAuth(request), request.body) }, ticketMessages.created),
  );
  app.put(
    '/tickets-payments/update',
    { config: { access: { permission: 'edit_tickets_payment' } }, schema: { tags, body: updateTicketSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await updateTicket(db, requireAuth(request), request.body);
      return done(ticketMessages.updated);
    },
  );
  app.patch(
    '/tickets-payments/change-status',
    { config: { access: { permission: 'edit_tickets_payment' } }, schema: { tags, body: changeTicketStatusSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await changeTicketStatus(db, requireAuth(request), request.body);
      return done(ticketMessages.statusChanged);
    },
  );
  app.delete(
    '/tickets-payments/delete',
    { config: { access: { permission: 'delete_tickets_payment' } }, schema: { tags, body: z.object({ id: recordId() }), response: { 200: emptyEnvelope } } },
    async (request) => {
      await deleteTicket(db, requireAuth(request), request.body.id);
      return done(ticketMessages.deleted);
    },
  );
  exportRoute(app, '/tickets-payments/export', {
    access: { permission: 'export_tickets_payments' },
    formats: ['csv', 'xlsx'],
    fileName: 'Tickets de pago',
    tags,
    columns: ticketExportColumns,
    source: (query) => ticketSource(db, query),
  });

  // On payment addresses (spec 01 §7): staff hand series to an address and take them back.
  app.post(
    '/addresses-payment/assign-tickets',
    { config: { access: { permission: 'add_tickets_payment' } }, schema: { tags, body: assignTicketsSchema, response: { 200: envelope(assignAnswerSchema) } } },
    async (request) => ok(await assignTickets(db, requireAuth(request), request.body), ticketMessages.assigned),
  );
  app.post(
    '/addresses-payment/remove-ticket',
    { config: { access: { permission: ['add_tickets_payment', 'edit_address_payment'] } }, schema: { tags, body: removeTicketSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await removeDeliveredTicket(db, requireAuth(request), request.body);
      return done(ticketMessages.removed);
    },
  );
});
