import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TopBar } from '../../../src/components/layout/TopBar';
import { resolveMenuHref, visibleMenuItems } from '../../../src/components/layout/menuItems';
import { staticContent } from './fixtures';
import { loadTexts, renderView } from './render';

const items = staticContent().menus.header;

describe('TopBar', () => {
  beforeAll(loadTexts);

  it('hides private items and shows a Login link when logged out', () => {
    renderView(<TopBar language="en" items={items} isLoggedIn={false} onLogout={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Investments' })).toHaveAttribute('href', '/en/investments');
    expect(within(nav).queryByRole('link', { name: 'My portfolio' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Investor area' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('shows private items and the user menu when logged in', () => {
    const onLogout = vi.fn();
    renderView(<TopBar language="pl" items={items} isLoggedIn userName="Jan Kowalski" onLogout={onLogout} />, {
      language: 'pl',
    });
    const nav = screen.getByRole('navigation', { name: 'Menu główne' });
    expect(within(nav).getByRole('link', { name: 'My portfolio' })).toHaveAttribute('href', '/pl/inwestor/portfel');
    expect(within(nav).getByRole('link', { name: 'Investor area' })).toHaveAttribute('href', '/pl/inwestor');
    expect(screen.queryByRole('link', { name: 'Zaloguj się' })).toBeNull();

    const trigger = screen.getByRole('button', { name: /Jan Kowalski/ });
    fireEvent.click(trigger);
    expect(screen.getByRole('link', { name: 'Panel inwestora' })).toHaveAttribute('href', '/pl/inwestor');
    expect(screen.getByRole('link', { name: 'Zamówienia' })).toHaveAttribute('href', '/pl/inwestor/zamowienia');
    expect(screen.getByRole('link', { name: 'Ustawienia' })).toHaveAttribute('href', '/pl/inwestor/ustawienia');
    fireEvent.click(screen.getByRole('button', { name: 'Wyloguj się' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('resolves route names per language, keeps absolute URLs as plain links, links the logo home', () => {
    renderView(<TopBar language="pl" items={items} isLoggedIn={false} onLogout={() => {}} />, { language: 'pl' });
    expect(screen.getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/pl/o-nas');
    expect(screen.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', 'https://blog.example.com/');
    // a `button` item is a link drawn as a button
    expect(screen.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/pl/rejestracja');
    expect(screen.getByRole('link', { name: 'Estate Shares: przejdź na stronę główną' })).toHaveAttribute('href', '/pl/');
  });

  it('renders the language switcher slot and the mobile menu button slot', () => {
    renderView(
      <TopBar
        language="en"
        items={[]}
        isLoggedIn={false}
        onLogout={() => {}}
        languageSwitcher={<button type="button">PL</button>}
        mobileMenuButton={<button type="button">Hamburger</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'PL' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hamburger' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});

describe('menu items', () => {
  it('drops unknown route names and routes that need parameters', () => {
    expect(resolveMenuHref('en', 'nope')).toBeNull();
    expect(resolveMenuHref('en', 'offer')).toBeNull(); // needs :slug
    expect(resolveMenuHref('en', 'javascript:alert(1)')).toBeNull();
    expect(resolveMenuHref('en', 'faq')).toEqual({ kind: 'internal', to: '/en/faq' });
    expect(resolveMenuHref('en', 'HTTPS://example.com')).toEqual({ kind: 'external', to: 'HTTPS://example.com' });
  });

  it('filters private items by login', () => {
    expect(visibleMenuItems(items, false).map((i) => i.id)).toEqual(['h1', 'h2', 'h4', 'h5']);
    expect(visibleMenuItems(items, true)).toHaveLength(items.length);
    expect(visibleMenuItems(null, true)).toEqual([]);
  });
});
