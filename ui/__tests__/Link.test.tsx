import { fireEvent, render, screen } from '@testing-library/react';
import { Router, type Navigator } from 'react-router-dom';

import { Link } from '../Link';

function renderAt(pathname: string, link: React.ReactNode) {
  const navigator: Navigator = {
    createHref: (to) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}`),
    push: jest.fn(),
    replace: jest.fn(),
    go: jest.fn(),
  };
  render(
    <Router location={{ pathname, search: '', hash: '' }} navigator={navigator}>
      {link}
    </Router>,
  );
  return navigator;
}

describe('Link', () => {
  it('shows the path as its href and navigates on a plain click', () => {
    const navigator = renderAt('/login', <Link to="/signup">Sign up</Link>);
    const link = screen.getByRole('link', { name: 'Sign up' });
    expect(link.getAttribute('href')).toBe('/signup');
    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(false);
    expect(navigator.push).toHaveBeenCalledWith(
      expect.objectContaining({ pathname: '/signup' }),
      undefined,
      expect.anything(),
    );
  });

  it('replaces the entry when the link is to the page already shown', () => {
    const navigator = renderAt('/login', <Link to="/login">Log in</Link>);
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(navigator.replace).toHaveBeenCalled();
    expect(navigator.push).not.toHaveBeenCalled();
  });

  it('leaves a click with a modifier or another button to the browser (a new tab, say)', () => {
    const navigator = renderAt('/login', <Link to="/signup">Sign up</Link>);
    const link = screen.getByRole('link', { name: 'Sign up' });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { metaKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(navigator.push).not.toHaveBeenCalled();
  });

  it('runs its own onClick first, which may keep the navigation from happening', () => {
    const onClick = jest.fn((event: React.MouseEvent) => event.preventDefault());
    const navigator = renderAt(
      '/login',
      <Link to="/signup" onClick={onClick}>
        Sign up
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(navigator.push).not.toHaveBeenCalled();
  });
});
