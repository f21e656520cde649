import { render, screen } from '@testing-library/react';

import { Address } from '../Address';

it('offers line breaks before the @ and the dots, and reads as the address itself', () => {
  const { container } = render(<Address value="wwwwwwwwwwww.long.name@mail.example.com" />);
  expect(screen.getByText('wwwwwwwwwwww.long.name@mail.example.com')).toBeInTheDocument();
  expect(container.textContent).toBe('wwwwwwwwwwww.long.name@mail.example.com');
  expect(container.innerHTML).toBe(
    '<span>wwwwwwwwwwww<wbr>.long<wbr>.name<wbr>@mail<wbr>.example<wbr>.com</span>',
  );
});
