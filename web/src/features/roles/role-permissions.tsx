import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { PermissionModule } from '@recaudo/domain/roles';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Spin from 'antd/es/spin';
import Tree, { type DataNode as TreeDataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { useCan } from '../../lib/session';
import { useChangePermission, useRolePermissions, useRoleSelects } from './api';
import { PageTitle } from '../../components/page-title';

function toTree(modules: readonly PermissionModule[], readOnly: boolean): TreeDataNode[] {
  return modules.map((module) => ({
    key: module.id,
    title: module.label,
    disableCheckbox: readOnly,
    children: module.children.length ? toTree(module.children, readOnly) : undefined,
  }));
}

function checkedIds(modules: readonly PermissionModule[]): number[] {
  return modules.flatMap((module) => [...(module.checked ? [module.id] : []), ...checkedIds(module.children)]);
}

/**
 * The permission tree of one role. checkStrictly keeps antd from cascading on its own: the
 * server applies the parent/child rules and answers the whole tree, which is shown as is.
 */
export function RolePermissions({ roleId, onBack }: { roleId: number; onBack: () => void }) {
  const permissions = useRolePermissions(roleId);
  const roles = useRoleSelects();
  const change = useChangePermission(roleId);
  const canEdit = useCan('edit_role');
  const roleName = roles.data?.find((role) => role.id === roleId)?.name;

  const treeData = useMemo(() => toTree(permissions.data ?? [], !canEdit), [permissions.data, canEdit]);
  const checked = useMemo(() => checkedIds(permissions.data ?? []), [permissions.data]);

  return (
    <section aria-labelledby="page-title">
      <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
        <Button type="text" aria-label="Volver a roles" icon={<ArrowLeftOutlined />} onClick={onBack} />
        <PageTitle style={{ margin: 0 }}>
          Permisos{roleName ? ` de ${roleName}` : ''}
        </PageTitle>
      </Flex>
      {!canEdit && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Solo lectura: cambiar permisos requiere el permiso Editar roles." />}
      <Card>
        {permissions.isPending ? (
          <Flex justify="center" role="status" aria-label="Cargando">
            <Spin />
          </Flex>
        ) : permissions.isError ? (
          <Empty description="No se pudieron cargar los permisos.">
            <Button icon={<ReloadOutlined />} onClick={() => void permissions.refetch()}>
              Reintentar
            </Button>
          </Empty>
        ) : (
          <Tree
            aria-label="Permisos del rol"
            checkable
            checkStrictly
            selectable={false}
            defaultExpandAll
            treeData={treeData}
            checkedKeys={{ checked, halfChecked: [] }}
            onCheck={(_keys, info) => {
              // One change at a time: each answer is the whole tree the next tick builds on.
              if (!change.isPending) change.mutate({ module_id: Number(info.node.key), checked: info.checked });
            }}
          />
        )}
      </Card>
    </section>
  );
}
