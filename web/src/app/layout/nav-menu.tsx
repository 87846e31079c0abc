import { menuFor, type Audience, type MenuEntry } from '@recaudo/domain/navigation';
import Menu, { type MenuProps } from 'antd/es/menu';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { menuIcon } from './menu-icons';

type Item = Required<MenuProps>['items'][number];

const toItem = (entry: MenuEntry, top: boolean): Item =>
  entry.children
    ? { key: entry.key, label: entry.label, icon: menuIcon(entry.key), children: entry.children.map((child) => toItem(child, false)) }
    : { key: entry.path ?? entry.key, label: entry.label, icon: top ? menuIcon(entry.key) : undefined };

/**
 * The main menu from domain's menuFor: staff entries filtered by permission, the client menu fixed.
 * The current page's group starts open, unless the sidebar starts collapsed: antd then showed that
 * group as a floating submenu over the page (Regional's on Estados at 390 px).
 */
export function NavMenu({
  audience,
  mode,
  collapsed = false,
  onNavigate,
}: {
  audience: Audience;
  mode: 'inline' | 'horizontal';
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { session } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entries = useMemo(() => menuFor(audience, session?.permissions ?? []), [audience, session]);
  const items = useMemo(() => entries.map((entry) => toItem(entry, true)), [entries]);
  const openGroup = entries.find((entry) => entry.children?.some((child) => child.path === pathname))?.key;

  return (
    <Menu
      aria-label="Menú principal"
      mode={mode}
      items={items}
      selectedKeys={[pathname]}
      defaultOpenKeys={openGroup && !collapsed ? [openGroup] : []}
      style={{ borderInlineEnd: 'none', flex: mode === 'horizontal' ? 1 : undefined, minWidth: 0 }}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
    />
  );
}
