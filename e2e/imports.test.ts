import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addMonths, currentMonth } from '@recaudo/domain/months';
import { apiAs, chooseRowAction, chromiumPath, downloaded, loginAs, newPage, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const HEADER =
  'Tipo de cliente;Tipo de identificación;Número de identificación;Nombre;Correo;Teléfonos;Género;Fecha de nacimiento;Tipo de dirección;Dirección;Estado;Municipio;Parroquia;Comunidad;Actividad económica;Cuota propia;Pagado hasta;Meses adeudados';
const NOW = currentMonth();
const row = (phone: string, community: string) =>
  `Residencial;V;27111222;Rosa Importada;rosa@correo.com;${phone};Femenino;01/02/1990;;Calle Importada 7;Carabobo;Valencia;Catedral;${community};;;${addMonths(NOW, -4)};`;

function csvFile(name: string, ...rows: string[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-import-')), name);
  fs.writeFileSync(file, `${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8');
  return file;
}

describe.skipIf(!chromiumPath)(`Importar clientes in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the administrator imports a file with errors, downloads them, imports the fixed file and sees the client owing from the opening position', async () => {
    const page = await newPage(browser(), baseUrl());
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/clients');
    await page.getByRole('table', { name: 'Clientes' }).waitFor();
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.getByRole('heading', { name: 'Importar clientes y direcciones' }).waitFor();

    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Plantilla XLSX' }).click()]);
    expect(template.suggestedFilename()).toBe('Plantilla de importación de clientes.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await downloaded(template));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Clientes y direcciones', 'Instrucciones']);

    // A file with errors: a phone that is none and a community misspelt.
    const input = page.locator('input[type="file"]');
    await input.setInputFiles(csvFile('con errores.csv', row('0412-12', 'Casco Centrl')));
    await page.getByRole('button', { name: 'Revisar archivo' }).click();
    const report = page.getByText('Primeros errores');
    await report.waitFor();
    await page.getByRole('cell', { name: 'El formato de Teléfono es inválido' }).waitFor();
    await page.getByRole('cell', { name: 'La Comunidad «Casco Centrl» no existe. Nombres parecidos: Casco Central.' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Importar', exact: true }).isDisabled()).toBe(true);
    await snapshot(page, 'import-errors');
    const [errors] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar errores' }).click()]);
    expect(errors.suggestedFilename()).toBe('con errores - errores.xlsx');
    const errorBook = new ExcelJS.Workbook();
    await errorBook.xlsx.readFile(await downloaded(errors));
    expect(String(errorBook.worksheets[0]!.getRow(2).getCell(19).value)).toContain('Teléfonos: El formato de Teléfono es inválido');

    // The fixed file: reviewed without errors, then imported with its progress to the end.
    await input.setInputFiles(csvFile('corregido.csv', row('0412-1234567', 'Casco Central')));
    await page.getByRole('button', { name: 'Revisar archivo' }).click();
    await page.getByText('El archivo no tiene errores: puedes importarlo.').waitFor();
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByText('Importación de «corregido.csv»').waitFor();
    const history = page.getByRole('table', { name: 'Historial de importaciones' });
    await history.getByRole('row', { name: /corregido\.csv.*Importación.*Terminada/ }).waitFor({ timeout: 60_000 });
    await snapshot(page, 'import-done');

    // The imported client: her address owes the four months after the opening position.
    const api = await apiAs(baseUrl());
    const found = await api<{ data: { id: number; client_id: number; address: string; months_to_pay: number }[] }>('addresses-payment?search=27111222');
    const address = found.data.find((entry) => entry.address === 'Calle Importada 7')!;
    expect(address.months_to_pay).toBe(4);
    await page.goto(`/client-detail/${address.client_id}`);
    await page.getByRole('heading', { name: 'Rosa Importada' }).waitFor();
    await page.getByRole('tab', { name: 'Direcciones de pago' }).click();
    const addressRow = page.getByRole('table', { name: 'Direcciones de pago' }).getByRole('row', { name: new RegExp(escape(address.address)) });
    await addressRow.waitFor();
    await addressRow.getByRole('button', { name: /Expandir fila|Expand row/i }).click();
    const months = page.getByRole('region', { name: `Meses de pago de ${address.address}` });
    await months.getByText('Meses por pagar: 4').waitFor();
    await months.getByRole('button', { name: new RegExp(`: cubierto por el saldo inicial`) }).first().waitFor();

    await chooseRowAction(page, addressRow, 'Estado de cuenta');
    const statement = page.getByRole('dialog', { name: 'Estado de cuenta' });
    await statement.getByText('Saldo inicial').first().waitFor();
    await snapshot(page, 'import-statement');
    await page.context().close();
  }, 240_000);
});
