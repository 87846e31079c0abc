/**
 * While a simulator stands in for the bank, the printer (or another outside service), every API
 * answer carries this header with the notice, URI-encoded: "Modo de prueba: banco e imprenta
 * simulados". The web shows it as a ribbon on every screen (issue 46).
 */
export const TEST_MODE_HEADER = 'x-test-mode';

/** What every receipt and invoice printed in that mode carries. */
export const TEST_MODE_MARK = 'SIN VALIDEZ — MODO DE PRUEBA';
