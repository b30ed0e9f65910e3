import { render, screen } from '@testing-library/react';
import { LoadingStatus } from './LoadingStatus';

describe('LoadingStatus', () => {
  it('announces what is loading in a status paragraph', () => {
    const { container } = render(<LoadingStatus text="Loading the form…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the form…');
    expect(container.innerHTML).toBe('<p class="rw-loading" role="status">Loading the form…</p>');
  });

  it('renders the text as text', () => {
    render(<LoadingStatus text="<b>Loading</b>" />);
    expect(screen.getByRole('status')).toHaveTextContent('<b>Loading</b>');
    expect(screen.getByRole('status').querySelector('b')).toBeNull();
  });
});
