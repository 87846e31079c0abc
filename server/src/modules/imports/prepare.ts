import { importMessages, type ImportField } from '@recaudo/domain/imports';
import type { Places, ResolvedPlace } from './places';
import { RowReader, type ClientValues, type ColumnMapping, type ImportRow } from './rows';
import type { SheetRow } from './read-file';

/**
 * The pass over a file's rows, before the database is asked about any of them: each row read,
 * its place resolved, and the duplicates inside the file found (the same client with other data,
 * the same address of the same client twice). Deterministic, so a resumed commit finds the same
 * rows in the same batches.
 */

export interface PreparedRow extends ImportRow {
  place: ResolvedPlace | null;
  /** The client's first row in the file: the one that creates or updates it (the others only name it). */
  firstOfClient: boolean;
}

const CLIENT_FIELDS: { key: keyof ClientValues; field: ImportField }[] = [
  { key: 'name', field: 'name' },
  { key: 'email', field: 'email' },
  { key: 'phone', field: 'phones' },
  { key: 'gender', field: 'gender' },
  { key: 'birth_date', field: 'birth_date' },
  { key: 'address', field: 'client_address' },
  { key: 'active', field: 'active' },
];

/**
 * Prepares the rows one by one in file order: each row is checked against the earlier ones, so
 * only each client's first values and each address's key are kept, not the rows.
 */
export class RowPreparer {
  private readonly reader: RowReader;
  private readonly firstRow = new Map<string, { line: number; client: ClientValues }>();
  private readonly addressRow = new Map<string, number>();

  constructor(
    private readonly mapping: ColumnMapping,
    private readonly places: Places,
    now: Date,
  ) {
    this.reader = new RowReader(mapping, now);
  }

  prepare({ line, cells }: SheetRow): PreparedRow {
    const column = (field: ImportField) => this.mapping.headers[field] ?? field;
    const row: PreparedRow = { ...this.reader.read(line, cells), place: null, firstOfClient: false };
    const fail = (field: ImportField, message: string) => row.errors.push({ row: line, column: column(field), message });
    if (row.client && row.clientKey) {
      const first = this.firstRow.get(row.clientKey);
      if (!first) {
        this.firstRow.set(row.clientKey, { line, client: row.client });
        row.firstOfClient = true;
      } else {
        for (const { key, field } of CLIENT_FIELDS) {
          const mine = row.client[key];
          if (mine !== undefined && JSON.stringify(mine) !== JSON.stringify(first.client[key])) fail(field, importMessages.clientDiffers(first.line, column(field)));
        }
      }
    }
    if (row.address && row.clientKey && row.addressKey) {
      const key = `${row.clientKey}\u0000${row.addressKey}`;
      const earlier = this.addressRow.get(key);
      if (earlier !== undefined) fail('address', importMessages.repeatedAddress(earlier));
      else this.addressRow.set(key, line);
      const place = this.places.resolve(row.address);
      if ('message' in place) fail(this.mapping.headers.location ? 'location' : place.field, place.message);
      else row.place = place;
    }
    if (row.errors.length && row.firstOfClient && row.clientKey) this.firstRow.delete(row.clientKey);
    return row;
  }
}
