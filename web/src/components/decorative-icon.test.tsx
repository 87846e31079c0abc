import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { render, screen, within } from '@testing-library/react';
import Button from 'antd/es/button';
import Menu from 'antd/es/menu';
import { describe, expect, it } from 'vitest';
import { menuIcon } from '../app/layout/menu-icons';
import { antdIconName } from './antd-icon-names';
import { decorativeIcon } from './decorative-icon';

describe('decorative icons (issue 51: no "wallet Pagos")', () => {
  it('names a button with an icon by its text only', () => {
    render(<Button icon={<WalletOutlined />}>Pagos</Button>);
    expect(screen.getByRole('button', { name: 'Pagos' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('names a menu entry by its text only', () => {
    render(<Menu mode="inline" items={[{ key: '/payments', label: 'Pagos', icon: menuIcon('/payments') }]} />);
    expect(screen.getByRole('menuitem', { name: 'Pagos' })).toBeInTheDocument();
  });

  it('keeps an icon that carries its own Spanish name', () => {
    render(<CheckCircleFilled aria-label="Verificado" />);
    expect(screen.getByRole('img', { name: 'Verificado' })).toBeInTheDocument();
  });

  it("names the icons antd draws as a control's only content in Spanish, and hides the rest", () => {
    const Arrow = decorativeIcon(CheckCircleFilled, antdIconName('/app/node_modules/antd/es/pagination/Pagination.js', 'LeftOutlined'));
    render(
      <button type="button">
        <Arrow />
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeInTheDocument();
    expect(antdIconName('/app/node_modules/antd/es/_util/hooks/useAllowClear.js', 'CloseCircleFilled')).toBe('Limpiar');
    expect(antdIconName('C:\\app\\node_modules\\antd\\es\\select\\useIcons.js', 'CloseCircleFilled')).toBe('Limpiar');
    expect(antdIconName('/app/node_modules/antd/es/alert/Alert.js', 'CloseCircleFilled')).toBe('');
    const StatusIcon = decorativeIcon(CheckCircleFilled, antdIconName('/app/node_modules/antd/es/alert/Alert.js', 'CheckCircleFilled') || undefined);
    const { container } = render(<StatusIcon />);
    expect(within(container).queryByRole('img')).not.toBeInTheDocument();
  });
});
