import ExcelJS from 'exceljs';
import type { Database } from '../src/db/client';
import { activityGroups, economicActivities } from '../src/modules/economic-activities/tables';
import { communities, municipalities, parishes, states } from '../src/modules/regional/tables';
import type { TestContext } from './harness';

/** What import tests need: places to name, files to upload and a wait for the background work. */

export interface ImportPlaces {
  community: number;
  activity: number;
}

/** Lara / Iribarren / Catedral with the communities "Centro" (service since 2024-01) and "El Obelisco", and the activity "Bodega" (code 4711). */
export async function seedImportPlaces(db: Database): Promise<ImportPlaces> {
  const [state] = await db.insert(states).values({ name: 'Lara' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Catedral', municipalityId: municipality!.id, dateStart: '2024-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Centro', parishId: parish!.id, fee: '5.00', dateStart: '2024-01-01' }).returning();
  await db.insert(communities).values({ name: 'El Obelisco', parishId: parish!.id, fee: '6.00', dateStart: '2024-01-01' });
  const [group] = await db.insert(activityGroups).values({ name: 'Comercio' }).returning();
  const [activity] = await db.insert(economicActivities).values({ name: 'Bodega', code: '4711', activityGroupId: group!.id, fee: '20.00' }).returning();
  return { community: community!.id, activity: activity!.id };
}

/** A multipart form with the file and the fields, as the import page posts it. */
export function importForm(file: Buffer, fields: Record<string, string>, fileName = 'clientes.csv') {
  const boundary = '----recaudo-import';
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const body = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const TEMPLATE_HEADER =
  'Tipo de cliente;Tipo de identificación;Número de identificación;Nombre;Correo;Teléfonos;Género;Fecha de nacimiento;Tipo de dirección;Dirección;Estado;Municipio;Parroquia;Comunidad;Actividad económica;Cuota propia;Pagado hasta;Meses adeudados';

/** A `;` CSV of the template's columns. */
export const templateCsv = (...rows: string[]) => `${[TEMPLATE_HEADER, ...rows].join('\r\n')}\r\n`;

/** An XLSX of rows of cell values (the first row is the header). */
export async function xlsxOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Hoja1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Posts a file; answers the import's first status. */
export async function postImport(ctx: TestContext, token: string, file: Buffer, fields: Record<string, string>, fileName?: string) {
  const { body, headers } = importForm(file, { kind: 'clients_addresses', ...fields }, fileName);
  return ctx.call('POST', '/api/imports', { token, body, headers });
}

/** Polls an import until it leaves queued/running. */
export async function settled(ctx: TestContext, token: string, id: number) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const answer = await ctx.call('GET', `/api/imports/${id}`, { token });
    if (!['queued', 'running'].includes(answer.body.data?.status)) return answer.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

/** Dry run then commit of the same file, both settled. */
export async function importFile(ctx: TestContext, token: string, file: Buffer, fileName?: string, fields: Record<string, string> = {}) {
  const dry = await postImport(ctx, token, file, { mode: 'dry_run' }, fileName);
  if (dry.status !== 200) throw new Error(JSON.stringify(dry.body));
  const review = await settled(ctx, token, dry.body.data.id);
  const commit = await postImport(ctx, token, file, { mode: 'commit', ...fields }, fileName);
  if (commit.status !== 200) throw new Error(JSON.stringify(commit.body));
  return { review, result: await settled(ctx, token, commit.body.data.id) };
}
