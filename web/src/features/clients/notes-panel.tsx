import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { createNoteSchema, type NoteRow } from '@recaudo/domain/clients';
import { formatDateTime } from '@recaudo/domain/format';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { useMemo } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { actionsColumn, deleteAction, editAction } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { useListState } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useDeleteNote, useNotes, useSaveNote } from './api';
import { NoWrap } from '../../components/no-wrap';

/** Spec 01 §2 Notes panel: lists show a note cut to 40 characters. */
export const NOTE_PREVIEW_LENGTH = 40;
export const notePreview = (note: string) => (note.length > NOTE_PREVIEW_LENGTH ? `${note.slice(0, NOTE_PREVIEW_LENGTH)}…` : note);

const NOTE_FORM_ID = 'note-form';
const noteRules = [zodRule(createNoteSchema.shape.note)];

function NoteFormPanel({ clientId, note, open, onClose }: { clientId: number; note: NoteRow | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  const save = useSaveNote(clientId);
  return (
    <SidePanel title={note ? 'Editar nota' : 'Nueva nota'} open={open} onClose={onClose} formId={NOTE_FORM_ID} submitting={save.isPending}>
      <PanelForm<{ note: string }>
        name={NOTE_FORM_ID}
        form={form}
        layout="vertical"
        initialValues={{ note: note?.note ?? '' }}
        disabled={save.isPending}
        onFinish={(values) =>
          save.mutate({ id: note?.id, note: values.note.trim() }, { onSuccess: onClose, onError: (error) => applyServerErrors(form, error) })
        }
      >
        <Form.Item label="Nota" name="note" rules={noteRules} required>
          <Input.TextArea autoFocus rows={6} maxLength={2000} showCount />
        </Form.Item>
      </PanelForm>
    </SidePanel>
  );
}

/** Notas of a client (detail tab 6): search, pages, add, edit and delete (not gated); each note previewed in 40 characters. */
export function NotesPanel({ clientId }: { clientId: number }) {
  const list = useListState();
  const notes = useNotes(clientId, list.params);
  const remove = useDeleteNote(clientId);
  const panels = useRecordPanels<NoteRow>();

  const columns = useMemo<ColumnsType<NoteRow>>(
    () => [
      {
        title: 'Nota',
        key: 'note',
        render: (_, note) => (
          <Tooltip title={note.note.length > NOTE_PREVIEW_LENGTH ? note.note : undefined}>
            <span>{notePreview(note.note)}</span>
          </Tooltip>
        ),
      },
      { title: 'Usuario', key: 'user', render: (_, note) => note.user?.name ?? 'Sistema' },
      { title: 'Fecha', dataIndex: 'created_at', key: 'created_at', render: (value: string) => <NoWrap>{formatDateTime(value)}</NoWrap> },
      ...actionsColumn<NoteRow>((note) => [editAction(() => panels.openForm(note), true), deleteAction(() => panels.openDelete(note), true)], true),
    ],
    [panels],
  );

  return (
    <>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox value={list.search} onChange={list.setSearch} label="Buscar nota" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => panels.openForm(null)}>
          Nueva nota
        </Button>
      </Flex>
      <DataTable<NoteRow>
        label="Notas"
        columns={columns}
        rowKey="id"
        {...pagedTableProps(notes, list)}
      />
      <NoteFormPanel key={panels.formKey} clientId={clientId} open={panels.formOpen} note={panels.formRecord} onClose={panels.close} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question="¿Seguro de eliminar la nota?"
        subject={panels.toDelete ? notePreview(panels.toDelete.note) : undefined}
        deleting={remove.isPending}
        onCancel={panels.close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
    </>
  );
}
