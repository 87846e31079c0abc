/** The Drizzle schema: every area's tables, for the typed client and drizzle-kit. */
export * from '../modules/auth/tables';
export * from '../modules/banks/tables';
export * from '../modules/clients/tables';
export * from '../modules/configurations/tables';
export * from '../modules/correlatives/tables';
export * from '../modules/economic-activities/tables';
export * from '../modules/logs/tables';
export * from '../modules/messages/tables';
export * from '../modules/payment-methods/tables';
export * from '../modules/regional/tables';
export * from '../modules/roles/tables';
export * from '../modules/users/tables';
export * from '../modules/addresses-payment/tables';
export * from '../modules/tickets-payments/tables';
export * from '../modules/payments/tables';
export * from '../modules/bank-operations/tables';
