import { useCallback, useMemo, useState } from 'react';

type Panel<T> = { kind: 'form'; record: T | null } | { kind: 'delete' | 'history'; record: T } | null;

/** A delete mutation of TanStack Query taking the record's id. */
interface DeleteMutation {
  mutate: (id: number, options: { onSuccess: () => void }) => void;
}

/**
 * Which side panel of a list screen is open: the add/edit form (record null = new), the
 * delete confirmation or the record's change history (`panels.openHistory(row)`, `panels.inHistory`). `const panels = useRecordPanels<BankRow>()`, then `panels.openForm(row)`,
 * `panels.openDelete(row)`, `panels.formOpen`, `panels.formRecord`, `panels.formKey`, `panels.toDelete`, and
 * `panels.confirmDelete(remove, list.restart)` for the confirmation's Eliminar button.
 */
export function useRecordPanels<T extends { id: number }>() {
  const [panel, setPanel] = useState<Panel<T>>(null);
  const [openings, setOpenings] = useState(0);
  const openForm = useCallback((record: T | null) => {
    setOpenings((count) => count + 1);
    setPanel({ kind: 'form', record });
  }, []);
  const openDelete = useCallback((record: T) => setPanel({ kind: 'delete', record }), []);
  const openHistory = useCallback((record: T) => setPanel({ kind: 'history', record }), []);
  const close = useCallback(() => setPanel(null), []);
  return useMemo(() => {
    const toDelete = panel?.kind === 'delete' ? panel.record : null;
    return {
      formOpen: panel?.kind === 'form',
      /**
       * A new key at each opening, for the form panel's `key`: the panel mounts anew with a fresh
       * form store, else the last opening's values would win over the next record's.
       */
      formKey: openings,
      /** The record being edited; null while adding or when no form is open. */
      formRecord: panel?.kind === 'form' ? panel.record : null,
      /** The record awaiting delete confirmation. */
      toDelete,
      /** The record whose change history is open. */
      inHistory: panel?.kind === 'history' ? panel.record : null,
      openForm,
      openDelete,
      openHistory,
      close,
      /** Deletes the record awaiting confirmation; on success closes and runs `afterDelete` (the list's restart). */
      confirmDelete(remove: DeleteMutation, afterDelete: () => void) {
        if (!toDelete) return;
        remove.mutate(toDelete.id, {
          onSuccess: () => {
            close();
            afterDelete();
          },
        });
      },
    };
  }, [panel, openings, openForm, openDelete, openHistory, close]);
}
