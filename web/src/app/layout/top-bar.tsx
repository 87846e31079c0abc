import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/FullscreenOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import MoonOutlined from '@ant-design/icons/MoonOutlined';
import SunOutlined from '@ant-design/icons/SunOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { TOUCH_TARGET } from './touch-targets';
import { useFullScreen } from './use-full-screen';
import { useThemeSwitch } from './use-theme-switch';

interface TopBarProps {
  /** The horizontal layout puts the main menu here. */
  menu?: ReactNode;
  collapsed?: boolean;
  onToggleMenu?: () => void;
  onOpenProfile: () => void;
  onOpenCustomizer: () => void;
  compact: boolean;
  /**
   * The client portal on a phone (issue 33): no full-screen toggle (a phone's browser has its own);
   * its buttons are a finger's size (TouchTargets), the avatar's too.
   */
  portal?: boolean;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

export function TopBar({ menu, collapsed, onToggleMenu, onOpenProfile, onOpenCustomizer, compact, portal = false }: TopBarProps) {
  // The avatar button's height follows its content, which the portal's control height does not reach.
  const touch = portal ? { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET } : undefined;
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const fullScreen = useFullScreen();
  const { theme, changeTheme } = useThemeSwitch();
  const name = session?.user.name ?? '';

  return (
    <Flex align="center" gap={8} style={{ width: '100%', minWidth: 0 }}>
      {onToggleMenu && (
        <Button
          type="text"
          aria-label={collapsed ? 'Mostrar menú' : 'Ocultar menú'}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggleMenu}
        />
      )}
      {menu ?? <div style={{ flex: 1 }} />}
      {!portal && (
        <Tooltip title="Pantalla completa">
          <Button
            type="text"
            aria-label="Pantalla completa"
            aria-pressed={fullScreen.active}
            icon={fullScreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={fullScreen.toggle}
          />
        </Tooltip>
      )}
      <Tooltip title={theme === 'dark' ? 'Tema claro' : 'Tema oscuro'}>
        <Button
          type="text"
          aria-label="Cambiar tema"
          icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
          onClick={() => changeTheme(theme === 'dark' ? 'light' : 'dark')}
        />
      </Tooltip>
      <Tooltip title="Personalizar diseño">
        <Button type="text" aria-label="Personalizar diseño" icon={<BgColorsOutlined />} onClick={onOpenCustomizer} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', label: 'Editar Perfil', icon: <UserOutlined /> },
            { type: 'divider' },
            { key: 'logout', label: 'Salir', icon: <LogoutOutlined /> },
          ],
          onClick: ({ key }) => {
            if (key === 'profile') onOpenProfile();
            else void signOut().then(() => navigate('/login', { replace: true }));
          },
        }}
      >
        {/* Its name is its text, so it holds the name it shows (a voice user says what they see);
            the initials are the avatar's picture, hidden from screen readers. */}
        <Button type="text" style={{ height: 'auto', paddingBlock: 4, ...touch }}>
          <Flex align="center" gap={8}>
            {/* The initials as the avatar's icon: as its text, antd measures them to scale them down
                (a forced layout of the whole page while it is first drawn), and two letters fit. */}
            <span aria-hidden style={{ display: 'inline-flex' }}>
              <Avatar size="small" src={session?.user.photo ?? undefined} style={{ backgroundColor: '#1f6feb' }} icon={<span style={{ fontSize: 12 }}>{initials(name)}</span>} />
            </span>
            <span className="visually-hidden">{compact ? `Menú de usuario de ${name}` : 'Menú de usuario de'}</span>
            {!compact && <span>{name}</span>}
          </Flex>
        </Button>
      </Dropdown>
    </Flex>
  );
}
