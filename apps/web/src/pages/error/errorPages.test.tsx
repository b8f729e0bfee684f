/**
 * The 404 and 403 pages without antd (issue 16): the spec's text, antd Result's picture and the
 * back-to-home button, which goes to /home.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MSG, UI } from '@cunzheng/contract/messages';
import NotFoundPage from './NotFound/index';
import ForbiddenPage from './Forbidden/index';

afterEach(cleanup);

const at = (element: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={['/x']}>
      <Routes>
        <Route path="/x" element={element} />
        <Route path="/home" element={<p>home page</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('error pages', () => {
  it('404: title, the spec sentence, the picture, and back to /home', () => {
    const { container } = at(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByText(MSG.NOT_FOUND_PAGE)).toBeTruthy();
    expect(container.querySelector('svg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: UI.BACK_HOME }));
    expect(screen.getByText('home page')).toBeTruthy();
  });

  it('403: 无权访问 as heading and document title, and back to /home', () => {
    at(<ForbiddenPage />);
    expect(screen.getByRole('heading', { name: MSG.FORBIDDEN })).toBeTruthy();
    expect(document.title).toContain(MSG.FORBIDDEN);
    fireEvent.click(screen.getByRole('button', { name: UI.BACK_HOME }));
    expect(screen.getByText('home page')).toBeTruthy();
  });
});
