/**
 * Imports of clients and their payment addresses (issue 48): the columns a file may carry, their
 * Spanish names and allowed values, the status an import answers and the messages of the whole
 * flow. The server reads files with these names; the web's import page shows the same words.
 */

export const IMPORT_KINDS = ['clients_addresses'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_MODES = ['dry_run', 'commit'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  queued: 'En cola',
  running: 'En curso',
  done: 'Terminada',
  failed: 'Fallida',
  cancelled: 'Cancelada',
};
export const IMPORT_MODE_LABELS: Record<ImportMode, string> = { dry_run: 'Simulación', commit: 'Importación' };

export interface ImportCounts {
  clients_created: number;
  clients_updated: number;
  clients_unchanged: number;
  addresses_created: number;
  addresses_updated: number;
  addresses_unchanged: number;
  rows_in_error: number;
}

export const emptyImportCounts = (): ImportCounts => ({
  clients_created: 0,
  clients_updated: 0,
  clients_unchanged: 0,
  addresses_created: 0,
  addresses_updated: 0,
  addresses_unchanged: 0,
  rows_in_error: 0,
});

export const IMPORT_COUNT_LABELS: Record<keyof ImportCounts, string> = {
  clients_created: 'Clientes nuevos',
  clients_updated: 'Clientes actualizados',
  clients_unchanged: 'Clientes sin cambios',
  addresses_created: 'Direcciones nuevas',
  addresses_updated: 'Direcciones actualizadas',
  addresses_unchanged: 'Direcciones sin cambios',
  rows_in_error: 'Filas con errores',
};

/** One problem of one row: its line in the file (the header is line 1) and the column's name as the file writes it. */
export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

/** A value on file a commit would replace (a dry run's report). */
export interface ImportChange {
  row: number;
  column: string;
  from: string;
  to: string;
}

export interface ImportView {
  id: number;
  kind: ImportKind;
  mode: ImportMode;
  status: ImportStatus;
  only_valid: boolean;
  file_name: string;
  file_hash: string;
  rows_total: number;
  rows_done: number;
  counts: ImportCounts;
  errors: ImportRowError[];
  changes: ImportChange[];
  failure: string | null;
  user: { id: number; name: string } | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Seconds the rows left should take at the pace so far; null before the first batch. */
  seconds_left: number | null;
}

/**
 * The fields a row may give. `client_address` is the client's own address (the clients
 * export's "Dirección"); `address` is the payment address (one row, one address).
 */
export type ImportField =
  | 'client_type'
  | 'identification_type'
  | 'identification'
  | 'name'
  | 'email'
  | 'phones'
  | 'gender'
  | 'birth_date'
  | 'client_address'
  | 'active'
  | 'address_type'
  | 'address'
  | 'state'
  | 'municipality'
  | 'parish'
  | 'community'
  | 'activity'
  | 'location'
  | 'custom_fee'
  | 'custom_fee_flag'
  | 'paid_through'
  | 'months_owed'
  | 'created_at'
  | 'address_created_at'
  | 'ignored';

export interface TemplateColumn {
  field: ImportField;
  header: string;
  /** What the template's second sheet says of the column. */
  help: string;
  example: string;
}

/** The import template's columns, in order (the template's first sheet; its second explains them). */
export const TEMPLATE_COLUMNS: readonly TemplateColumn[] = [
  { field: 'client_type', header: 'Tipo de cliente', help: 'Residencial o Comercial. Vacío: se deduce del tipo de identificación.', example: 'Residencial' },
  { field: 'identification_type', header: 'Tipo de identificación', help: 'V, E o S (residencial); J, G, FP o C (comercial). Puede ir dentro del número: "V-12.345.678".', example: 'V' },
  { field: 'identification', header: 'Número de identificación', help: 'Obligatorio. "12345678", "12.345.678", "V-12.345.678" o "v12345678". La misma identificación es el mismo cliente.', example: '12.345.678' },
  { field: 'name', header: 'Nombre', help: 'Obligatorio para un cliente nuevo. Hasta 255 caracteres.', example: 'María Pérez' },
  { field: 'email', header: 'Correo', help: 'Opcional. El registro del cliente en el portal le enviará su código aquí.', example: 'maria@correo.com' },
  { field: 'phones', header: 'Teléfonos', help: 'Opcionales, separados por coma, punto y coma o "/": +58 (412)-1234567, 04121234567 o 4121234567.', example: '0412-1234567' },
  { field: 'gender', header: 'Género', help: 'Solo residencial: Masculino o Femenino (M o F).', example: 'Femenino' },
  { field: 'birth_date', header: 'Fecha de nacimiento', help: 'Solo residencial: DD/MM/AAAA, AAAA-MM-DD o una fecha de Excel.', example: '15/04/1980' },
  { field: 'address_type', header: 'Tipo de dirección', help: 'Residencial o Comercial. Vacío: el tipo del cliente.', example: 'Residencial' },
  { field: 'address', header: 'Dirección', help: 'La dirección de pago. Vacía: la fila solo trae los datos del cliente. La misma dirección del mismo cliente es la misma dirección.', example: 'Calle 3, casa 12' },
  { field: 'state', header: 'Estado', help: 'Nombre del estado, como está registrado.', example: 'Lara' },
  { field: 'municipality', header: 'Municipio', help: 'Nombre del municipio del estado.', example: 'Iribarren' },
  { field: 'parish', header: 'Parroquia', help: 'Nombre de la parroquia del municipio.', example: 'Catedral' },
  { field: 'community', header: 'Comunidad', help: 'Residencial: nombre de la comunidad de la parroquia.', example: 'Centro' },
  { field: 'activity', header: 'Actividad económica', help: 'Comercial: nombre o código de la actividad económica.', example: '' },
  { field: 'custom_fee', header: 'Cuota propia', help: 'Comercial, opcional: la tarifa mensual en $ de esta dirección (12.50 o 12,50) en lugar de la de su actividad.', example: '' },
  { field: 'paid_through', header: 'Pagado hasta', help: 'Último mes ya pagado: AAAA-MM o MM/AAAA. Los meses siguientes quedan adeudados.', example: '2026-06' },
  { field: 'months_owed', header: 'Meses adeudados', help: 'Si no hay "Pagado hasta": cuántos meses debe, hasta el mes actual incluido. Vacíos ambos: debe desde el inicio del servicio de su comunidad o parroquia.', example: '' },
];

/** A header as the importer compares it: lower case, no accents, single spaces. */
export const headerKey = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Columns any layout ignores: the errors file's own column. */
export const ERROR_COLUMN = 'Error';

/**
 * The files Recaudo reads: its template, and the XLSX its own clients and addresses exports write
 * (so an office can move between two installations). Each maps its headers to fields.
 */
export const IMPORT_LAYOUTS = {
  template: Object.fromEntries(TEMPLATE_COLUMNS.map((column) => [headerKey(column.header), column.field])) as Record<string, ImportField>,
  clients_export: {
    id: 'ignored',
    nombre: 'name',
    tipo: 'client_type',
    identificacion: 'identification',
    correo: 'email',
    telefonos: 'phones',
    genero: 'gender',
    'fecha de nacimiento': 'birth_date',
    direccion: 'client_address',
    estatus: 'active',
    'fecha de creacion': 'created_at',
  } as Record<string, ImportField>,
  addresses_export: {
    id: 'ignored',
    cliente: 'name',
    identificacion: 'identification',
    tipo: 'address_type',
    direccion: 'address',
    ubicacion: 'location',
    'tarifa ($)': 'custom_fee',
    'tarifa personalizada': 'custom_fee_flag',
    'meses por pagar': 'months_owed',
    antiguedad: 'ignored',
    'solvente hasta': 'paid_through',
    // The credit balance (issue 50) is made of payments' movements: an import can't bring it.
    'saldo a favor ($)': 'ignored',
    'fecha de creacion': 'address_created_at',
  } as Record<string, ImportField>,
} as const;
export type ImportLayout = keyof typeof IMPORT_LAYOUTS;

/** Which layout a header row is: an export by its own columns, else the template. */
export function layoutOf(headers: readonly string[]): ImportLayout {
  const keys = new Set(headers.map(headerKey));
  if (keys.has('ubicacion') && keys.has('cliente')) return 'addresses_export';
  if (keys.has('estatus') && keys.has('tipo') && !keys.has('tipo de cliente')) return 'clients_export';
  return 'template';
}

export const DEFAULT_IMPORT_MAX_ROWS = 300_000;
export const DEFAULT_IMPORT_MAX_MB = 50;

export const importMessages = {
  queued: 'Importación en cola',
  cancelled: 'Importación cancelada',
  notFound: 'No se ha encontrado la importación',
  fileRequired: 'Selecciona el archivo a importar.',
  notSpreadsheet: 'El archivo no es un XLSX ni un CSV.',
  empty: 'El archivo está vacío.',
  noHeader: 'El archivo no tiene una fila de encabezados.',
  headerOnly: 'El archivo solo tiene encabezados: no hay filas que importar y no se importó nada.',
  unknownColumn: (column: string) => `La columna «${column}» no es de la plantilla de importación.`,
  missingColumn: (column: string) => `Falta la columna «${column}».`,
  tooManyRows: (max: number) => `El archivo tiene más de ${max.toLocaleString('es-VE')} filas, el máximo por importación: divídelo en varios archivos.`,
  tooLarge: (mb: number) => `El archivo pesa más de ${mb} MB, el máximo por importación.`,
  expandsTooMuch: (mb: number) => `El archivo XLSX se descomprime en más de ${mb} MB, el máximo por importación: no se leyó.`,
  badWorkbook: 'El archivo XLSX está dañado o no se puede leer.',
  kindInvalid: 'El tipo de importación debe ser clients_addresses.',
  modeInvalid: 'El modo debe ser dry_run o commit.',
  formatInvalid: 'El formato de la plantilla debe ser xlsx o csv.',
  needsDryRun: 'Simula primero la importación de este archivo: solo se importa un archivo ya revisado.',
  hasErrors: (rows: readonly number[]) =>
    `El archivo tiene errores en ${rows.length === 1 ? 'la fila' : 'las filas'} ${rows.slice(0, 20).join(', ')}${rows.length > 20 ? '…' : ''}: corrígelas o elige «importar solo las filas válidas».`,
  notCancellable: 'La importación ya terminó: no se puede cancelar.',
  noErrors: 'La importación no tiene filas con errores.',
  interrupted: 'La importación se interrumpió y se reanudará.',
  // Row problems.
  repeatedAddress: (row: number) => `Fila repetida: la misma dirección del mismo cliente está en la fila ${row}.`,
  clientDiffers: (row: number, column: string) => `El cliente ya aparece en la fila ${row} con otro valor en «${column}».`,
  unknownUnit: (label: string, name: string, hints: readonly string[]) =>
    `${label} «${name}» no existe${hints.length ? `. Nombres parecidos: ${hints.join(', ')}` : ''}.`,
  clientTypeInvalid: 'El Tipo de cliente debe ser Residencial o Comercial.',
  addressTypeInvalid: 'El Tipo de dirección debe ser Residencial o Comercial.',
  genderInvalid: 'El Género debe ser Masculino o Femenino.',
  activeInvalid: 'El Estatus debe ser Activo o Inactivo.',
  monthsOwedInvalid: 'Meses adeudados debe ser un número entero entre 0 y 600.',
  locationInvalid: 'La Ubicación debe ser "Estado / Municipio / Parroquia / Comunidad o Actividad".',
  addressFieldsWithoutAddress: 'Hay datos de dirección pero falta la Dirección.',
  typeChange: 'El tipo de cliente no se puede cambiar.',
} as const;
