import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import FileDoneOutlined from '@ant-design/icons/FileDoneOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import type { ReactNode } from 'react';

/**
 * Icons for the top-level menu entries, so the collapsed sidebar stays usable. Decorative: hidden
 * from screen readers, which read the entry's label alone ("Pagos", not "wallet Pagos", issue 51).
 */
const ICONS: Record<string, ReactNode> = {
  '/dashboard': <HomeOutlined />,
  '/clients': <TeamOutlined />,
  '/users': <UserOutlined />,
  '/closed-boxs': <InboxOutlined />,
  '/payments': <WalletOutlined />,
  '/payments-receipt': <FileTextOutlined />,
  '/solvencies': <SafetyCertificateOutlined />,
  '/address-payments': <EnvironmentOutlined />,
  '/bank-operations': <BankOutlined />,
  '/conciliations': <SwapOutlined />,
  regional: <AppstoreOutlined />,
  general: <SettingOutlined />,
  reports: <AuditOutlined />,
};

export const menuIcon = (key: string): ReactNode => ICONS[key] ?? <FileDoneOutlined />;
