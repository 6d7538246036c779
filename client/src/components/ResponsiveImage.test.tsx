import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './ResponsiveImage';

const OURS = 'http://localhost:5000/uploads/0123456789abcdef0123456789abcdef--1600x900.jpg';

describe('ResponsiveImage', () => {
  it('offers our stored image as WebP and JPEG srcsets with its own size, lazily by default', () => {
    const { container } = render(
      <ResponsiveImage src={OURS} alt="Cover" sizes="100vw" width={16} height={9} className="size-full" />,
    );
    const img = screen.getByRole('img', { name: 'Cover' });
    expect(img).toHaveAttribute('src', OURS);
    expect(img.getAttribute('srcset')).toContain(`${OURS.slice(0, -4)}-400.jpg 400w`);
    expect(img).toHaveAttribute('sizes', '100vw');
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '900');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img).toHaveClass('size-full');
    const source = container.querySelector('picture > source');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source?.getAttribute('srcset')).toContain(`${OURS.slice(0, -4)}-1600.webp 1600w`);
    expect(source).toHaveAttribute('sizes', '100vw');
  });

  it('shows a foreign or older image as it is, sized by the slot, without any srcset', () => {
    const { container } = render(
      <ResponsiveImage
        src="https://lh3.googleusercontent.com/a/photo=s96-c"
        alt="Ann"
        sizes="40px"
        width={256}
        height={256}
      />,
    );
    const img = screen.getByRole('img', { name: 'Ann' });
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('width', '256');
    expect(img).toHaveAttribute('height', '256');
    expect(container.querySelector('picture')).toBeNull();
  });

  it('fetches the page’s largest image first and never lazily', () => {
    render(<ResponsiveImage src={OURS} alt="Lead" sizes="100vw" width={16} height={9} priority />);
    const img = screen.getByRole('img', { name: 'Lead' });
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('loading', 'eager');
  });
});
