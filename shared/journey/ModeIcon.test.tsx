import { render, screen } from '@testing-library/react';
import { MODE_ICONS, ModeIcon, modeIcon } from './ModeIcon';

describe('ModeIcon', () => {
  it.each([
    ['TRAIN', 'Rail double arrow logo'],
    ['TUBE', 'Tube roundel'],
    ['SHIP', 'Ferry'],
    ['BUS', 'Rail replacement bus'],
  ])('shows the %s icon with alt text %p', (mode, alt) => {
    render(<ModeIcon mode={mode} />);
    const image = screen.getByRole('img', { name: alt });
    expect(image).toHaveAttribute('alt', alt);
    expect(image).toHaveAttribute('src', MODE_ICONS[mode as keyof typeof MODE_ICONS].src);
    expect(image).toHaveClass('rw-mode-icon');
    expect(image).not.toHaveAttribute('style');
  });

  it('matches the mode in any letter case', () => {
    render(<ModeIcon mode="tube" />);
    expect(screen.getByRole('img', { name: 'Tube roundel' })).toBeInTheDocument();
  });

  it.each([['WALK'], ['TAXI'], [''], ['constructor'], ['__proto__']])('renders nothing for the mode %p', (mode) => {
    const { container } = render(<ModeIcon mode={mode} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('looks up icons without throwing for odd values', () => {
    expect(modeIcon(undefined)).toBeNull();
    expect(modeIcon(42)).toBeNull();
    expect(modeIcon(' ship ')).toEqual(MODE_ICONS.SHIP);
  });

  it('matches its snapshot', () => {
    const { container } = render(<ModeIcon mode="TRAIN" />);
    expect(container.firstChild).toMatchSnapshot();
  });
});
