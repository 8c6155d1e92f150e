import { useEffect, useRef, type ReactNode } from 'react';
import { Layout, Menu } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import './side-layout.css';

interface SectionLink {
  to: string;
  icon: ReactNode;
  label: string;
}

interface SideLayoutProps {
  /** The menu's name for assistive technology (the section it lists). */
  label: string;
  links: SectionLink[];
}

/**
 * The section's pages as one row of links above the page, for narrow screens: it scrolls sideways
 * when the links do not fit, with the current one brought into view.
 */
function SectionBar({ label, links, pathname }: SideLayoutProps & { pathname: string }) {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const node = bar.current;
    const current = node?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!node || !current) return;
    // Horizontally only: the page itself must not move.
    const left = current.offsetLeft - node.offsetLeft;
    if (left < node.scrollLeft || left + current.offsetWidth > node.scrollLeft + node.clientWidth)
      node.scrollLeft = left - 16;
  }, [pathname]);
  return (
    <nav ref={bar} className="side-layout__bar" aria-label={label} data-testid="section-bar">
      {links.map((link) => {
        const active = link.to === pathname;
        return (
          <Link
            key={link.to}
            to={link.to}
            className={active ? 'side-layout__tab side-layout__tab--active' : 'side-layout__tab'}
            aria-current={active ? 'page' : undefined}
          >
            <span aria-hidden="true">{link.icon}</span>
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * A section's pages with their menu: beside the page on a wide screen, and above it, as one row,
 * on a narrow one. The row replaces the sider's own zero-width trigger, a button that floated over
 * the page's text on a phone and could not be reached with the keyboard. CSS shows one of the two
 * (the other is not displayed, so it is out of the accessibility tree and the tab order too).
 */
export function SideLayout({ label, links }: SideLayoutProps) {
  const { pathname } = useLocation();
  const items = links.map((link) => ({
    key: link.to,
    icon: link.icon,
    label: <Link to={link.to}>{link.label}</Link>,
  }));
  return (
    <Layout className="side-layout">
      <Layout.Sider width={220} className="side-layout__sider" theme="light">
        <Menu mode="inline" selectedKeys={[pathname]} items={items} aria-label={label} />
      </Layout.Sider>
      {/* Not Layout.Content: that is a <main>, and the page already has one around it. */}
      <div className="side-layout__content">
        <SectionBar label={label} links={links} pathname={pathname} />
        <Outlet />
      </div>
    </Layout>
  );
}
