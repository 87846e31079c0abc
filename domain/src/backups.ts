/** Respaldos (spec 03): a backup is listed by its file name and size. */
export interface BackupRow {
  name: string;
  size: number;
}

export const backupMessages = {
  created: 'Respaldo creado',
  deleted: 'Respaldo eliminado',
  notFound: 'No se ha encontrado el respaldo',
  creating: 'Creando respaldo…',
  confirmDelete: '¿Seguro de eliminar el respaldo?',
} as const;

/** The only names a backup can have: anything else (`..`, slashes, absolute paths) is not a backup. */
export const BACKUP_NAME = /^recaudo-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-[a-f0-9]{6}\.jsonl\.gz$/;

/** A size as the list shows it: 512 B, 12,5 KB, 3,4 MB, 1,2 GB (Spanish decimal comma). */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(value) : value.toFixed(1).replace('.', ',');
  return `${text} ${units[unit]}`;
}
