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
  '/dashboard': <HomeOutlined aria-hidden />,
  '/clients': <TeamOutlined aria-hidden />,
  '/users': <UserOutlined aria-hidden />,
  '/closed-boxs': <InboxOutlined aria-hidden />,
  '/payments': <WalletOutlined aria-hidden />,
  '/payments-receipt': <FileTextOutlined aria-hidden />,
  '/solvencies': <SafetyCertificateOutlined aria-hidden />,
  '/address-payments': <EnvironmentOutlined aria-hidden />,
  '/bank-operations': <BankOutlined aria-hidden />,
  '/conciliations': <SwapOutlined aria-hidden />,
  regional: <AppstoreOutlined aria-hidden />,
  general: <SettingOutlined aria-hidden />,
  reports: <AuditOutlined aria-hidden />,
};

export const menuIcon = (key: string): ReactNode => ICONS[key] ?? <FileDoneOutlined aria-hidden />;
