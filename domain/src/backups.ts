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
  /** The disk faults a backup can meet (issue 46): the 507 and the 500s with their reason. */
  noSpace: 'No hay espacio en disco para el respaldo',
  readOnly: 'No se pudo escribir el respaldo: el disco es de solo lectura',
  noPermission: 'No se pudo escribir el respaldo: falta permiso de escritura',
  /** A run the server left `running` when it stopped (killed, crashed) in the middle. */
  interrupted: 'El respaldo se interrumpió: el servidor se detuvo mientras lo hacía',
} as const;

/** Where a backup is written: first a temporary file (TMPDIR), then the backups folder or bucket. */
export type BackupFolder = 'temporary' | 'backups';
export const BACKUP_FOLDER_LABELS: Record<BackupFolder, string> = { temporary: 'carpeta temporal', backups: 'carpeta de respaldos' };

/** The administrator's dashboard while the last scheduled backup failed (issue 46). */
export const scheduledBackupFailed = (when: string, reason: string) => `El respaldo programado del ${when} falló: ${reason}. Revise el disco del servidor y cree un respaldo en Respaldos.`;

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
