import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { createNoteSchema, type NoteRow } from '@recaudo/domain/clients';
import { formatDateTime } from '@recaudo/domain/format';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { SearchBox } from '../../components/search-box';
import { SidePanel } from '../../components/side-panel';
import { useListState } from '../../components/use-list-state';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useDeleteNote, useNotes, useSaveNote } from './api';

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
      <Form<{ note: string }>
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
      </Form>
    </SidePanel>
  );
}

type Panel = { kind: 'form'; note: NoteRow | null } | { kind: 'delete'; note: NoteRow } | null;

/** Notas of a client (detail tab 6): search, pages, add, edit and delete; each note previewed in 40 characters. */
export function NotesPanel({ clientId }: { clientId: number }) {
  const list = useListState();
  const notes = useNotes(clientId, list.params);
  const remove = useDeleteNote(clientId);
  const [panel, setPanel] = useState<Panel>(null);

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
      { title: 'Fecha', dataIndex: 'created_at', key: 'created_at', render: (value: string) => formatDateTime(value) },
      {
        title: 'Acciones',
        key: 'actions',
        render: (_, note) => (
          <Flex gap={2}>
            <Tooltip title="Editar">
              <Button size="small" type="text" aria-label="Editar nota" icon={<EditOutlined />} onClick={() => setPanel({ kind: 'form', note })} />
            </Tooltip>
            <Tooltip title="Eliminar">
              <Button size="small" type="text" danger aria-label="Eliminar nota" icon={<DeleteOutlined />} onClick={() => setPanel({ kind: 'delete', note })} />
            </Tooltip>
          </Flex>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox value={list.search} onChange={list.setSearch} label="Buscar nota" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ kind: 'form', note: null })}>
          Nueva nota
        </Button>
      </Flex>
      <DataTable<NoteRow>
        label="Notas"
        columns={columns}
        rowKey="id"
        {...pagedTableProps(notes, list)}
      />
      <NoteFormPanel clientId={clientId} open={panel?.kind === 'form'} note={panel?.kind === 'form' ? panel.note : null} onClose={() => setPanel(null)} />
      <ConfirmDelete
        open={panel?.kind === 'delete'}
        question="¿Seguro de eliminar la nota?"
        subject={panel?.kind === 'delete' ? notePreview(panel.note.note) : undefined}
        deleting={remove.isPending}
        onCancel={() => setPanel(null)}
        onConfirm={() =>
          panel?.kind === 'delete' &&
          remove.mutate(panel.note.id, {
            onSuccess: () => {
              setPanel(null);
              list.restart();
            },
          })
        }
      />
    </>
  );
}
