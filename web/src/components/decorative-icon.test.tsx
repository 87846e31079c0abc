import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { render, screen } from '@testing-library/react';
import Button from 'antd/es/button';
import Menu from 'antd/es/menu';
import { describe, expect, it } from 'vitest';
import { menuIcon } from '../app/layout/menu-icons';

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
});
