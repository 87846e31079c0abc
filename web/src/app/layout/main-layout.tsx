import type { Audience } from '@recaudo/domain/navigation';
import { caracas } from '@recaudo/domain/dates';
import Layout from 'antd/es/layout';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { getVersion } from '../../lib/storage';
import { usePreferences } from '../preferences';
import ServerState from '../server-state';
import { Customizer } from './customizer';
import { NavMenu } from './nav-menu';
import { TestModeRibbon } from './test-mode-ribbon';
import { ProfileDrawer } from './profile-drawer';
import { TopBar } from './top-bar';
import { TouchTargets } from './touch-targets';
import { useBreakpoint, type Breakpoint } from '../../lib/use-viewport';

const SIDER_WIDTH = 240;
const BOXED_WIDTH = 1280;

/**
 * The logged-in frame: side (or top) menu, top bar, content and footer, shaped by the
 * customizer's choices. The sidebar collapses by itself below 1025 px and hides below 767 px;
 * the user's toggle wins until the breakpoint changes.
 */
function MainFrame({ audience, children }: { audience: Audience; children: ReactNode }) {
  const { layout, width, header } = usePreferences();
  const { token } = theme.useToken();
  const breakpoint = useBreakpoint();
  const [override, setOverride] = useState<{ at: Breakpoint; collapsed: boolean } | null>(null);
  const [panel, setPanel] = useState<'profile' | 'customizer' | null>(null);
  // The first page renders in a pass of its own after the frame's: one commit of both was the
  // longest task of a load on a phone. The frame stays mounted across pages, so only the first waits.
  const pageDrawn = useDeferredValue(true, false);

  const collapsed = override?.at === breakpoint ? override.collapsed : breakpoint !== 'desktop';
  const mobile = breakpoint === 'mobile';
  const vertical = layout === 'vertical';
  const boxed = width === 'boxed' ? { maxWidth: BOXED_WIDTH, marginInline: 'auto', width: '100%' } : {};

  const topBar = (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: 16,
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        ...(header === 'fixed' ? { position: 'sticky', top: 0, zIndex: 10 } : {}),
      }}
    >
      {/* On a phone the vertical menu's brand is hidden with the menu: the header carries it. */}
      {(!vertical || mobile) && (
        <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
          Recaudo
        </Typography.Text>
      )}
      <TopBar
        compact={mobile}
        portal={audience === 'client'}
        menu={vertical ? undefined : <NavMenu audience={audience} mode="horizontal" />}
        collapsed={collapsed}
        onToggleMenu={vertical ? () => setOverride({ at: breakpoint, collapsed: !collapsed }) : undefined}
        onOpenProfile={() => setPanel('profile')}
        onOpenCustomizer={() => setPanel('customizer')}
      />
    </Layout.Header>
  );

  return (
    <>
      <TestModeRibbon />
      <Layout style={{ minHeight: '100vh' }}>
        {vertical && (
          <Layout.Sider
            theme="light"
            width={SIDER_WIDTH}
            collapsed={collapsed}
            collapsedWidth={mobile ? 0 : 80}
            trigger={null}
            style={{
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
              // On phones the open menu floats over the page instead of squeezing it.
              ...(mobile ? { position: 'fixed', insetBlock: 0, insetInlineStart: 0, zIndex: 20, overflow: 'auto' } : {}),
              ...(!mobile && header === 'fixed' ? { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' } : {}),
            }}
          >
            <div style={{ height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <Typography.Text strong style={{ fontSize: collapsed ? 16 : 20 }}>
                {collapsed ? 'R' : 'Recaudo'}
              </Typography.Text>
            </div>
            {/* Mounted afresh when the sidebar opens or closes, so an opened sidebar shows the page's group
              open. A phone's closed sidebar has no width at all: its menu (antd's renders every entry
              twice, once to learn their paths) mounts when it opens, not with every page. */}
            {mobile && collapsed ? null : (
              <NavMenu
                key={String(collapsed)}
                audience={audience}
                mode="inline"
                collapsed={collapsed}
                onNavigate={mobile ? () => setOverride({ at: 'mobile', collapsed: true }) : undefined}
              />
            )}
          </Layout.Sider>
        )}
        {vertical && mobile && !collapsed && (
          <div
            aria-hidden
            onClick={() => setOverride({ at: 'mobile', collapsed: true })}
            style={{ position: 'fixed', inset: 0, zIndex: 15, background: token.colorBgMask }}
          />
        )}
        <Layout style={{ minWidth: 0 }}>
          {topBar}
          {/* At least a screen high, so the footer starts below the fold instead of being pushed down
            as the page fills in (a layout shift on every load). */}
          <Layout.Content style={{ padding: mobile ? 12 : 24, minHeight: '100vh', ...boxed }}>{pageDrawn ? children : null}</Layout.Content>
          <Layout.Footer style={{ textAlign: 'center', ...boxed }}>
            © {caracas().format('YYYY')} Recaudo · versión {getVersion() ?? '1.0.0'}
          </Layout.Footer>
        </Layout>
        <ProfileDrawer open={panel === 'profile'} onClose={() => setPanel(null)} />
        <Customizer open={panel === 'customizer'} onClose={() => setPanel(null)} />
      </Layout>
    </>
  );
}

/**
 * The frame inside the server-state cache and real-time channel, which every logged-in page uses;
 * the client portal's with touch-sized controls (clients use it from their phones).
 */
export default function MainLayout({ audience, children }: { audience: Audience; children: ReactNode }) {
  const frame = <MainFrame audience={audience}>{children}</MainFrame>;
  return <ServerState>{audience === 'client' ? <TouchTargets>{frame}</TouchTargets> : frame}</ServerState>;
}
